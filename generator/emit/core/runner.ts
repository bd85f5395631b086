import type { Diagnostic } from '../../diagnostics/report.js';
import type { CanonicalModel } from '../../model/types.js';
import { emitOffThread } from './off-thread.js';
import { emitterDiagnostic } from './report.js';
import type { EmitContext, EmitSettings, GeneratedFile, Target, TargetResult } from './target.js';

export interface EmitOutput {
  files: GeneratedFile[];
  diagnostics: Diagnostic[];
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Runs targets and what they need, each once: a target starts when first asked for, by the run or by a target that
 * needs it. 'worker' targets go to the worker thread when one is running (core/off-thread.ts), asked for in
 * registry order, so the main thread runs the rest meanwhile. A target that throws becomes a diagnostic.
 */
class Run {
  private readonly results = new Map<string, Promise<TargetResult<unknown>>>();
  private readonly byName: ReadonlyMap<string, Target>;

  constructor(
    registry: readonly Target[],
    private readonly model: CanonicalModel,
    private readonly settings: EmitSettings,
  ) {
    this.byName = new Map(registry.map((t) => [t.name, t]));
  }

  result(target: Target): Promise<TargetResult<unknown>> {
    let result = this.results.get(target.name);
    if (!result) {
      result = this.start(target);
      this.results.set(target.name, result);
    }
    return result;
  }

  private async start(target: Target): Promise<TargetResult<unknown>> {
    const context: EmitContext = {
      ...this.settings,
      needed: (name) => {
        const needed = target.needs.includes(name) ? this.byName.get(name) : undefined;
        if (!needed)
          return Promise.reject(new Error(`the ${target.name} target asks for ${name}, which its needs do not list`));
        return this.result(needed) as never;
      },
    };
    const where = `generated/${target.outDir}`;
    try {
      const sent = target.thread === 'worker' ? emitOffThread(target.name, this.model, this.settings) : null;
      const result = await (sent ?? target.emit(this.model, context));
      // A target's own diagnostics say what it met; the reader also needs to know which target met it.
      const own = result.diagnostics.map((d) => ({ ...d, message: `The ${target.name} target: ${d.message}` }));
      const outside = result.files.filter((f) => !f.path.startsWith(`${target.outDir}/`));
      const diagnostics = outside.map((f) =>
        emitterDiagnostic(where, `The ${target.name} target wrote ${f.path}, outside its folder ${where}`),
      );
      return { ...result, diagnostics: [...own, ...diagnostics] };
    } catch (e) {
      return { files: [], diagnostics: [emitterDiagnostic(where, `The ${target.name} target stopped: ${message(e)}`)] };
    }
  }
}

/**
 * Emits the named targets of a registry (all by default) and their diagnostics; files sorted by path, each ending in
 * "\n". The registry is given, so the runner knows no target.
 */
export async function runTargets(
  registry: readonly Target[],
  model: CanonicalModel,
  settings: EmitSettings,
  only?: readonly string[],
): Promise<EmitOutput> {
  const wanted: readonly Target[] = registry.filter((t) => !only || only.includes(t.name));
  const run = new Run(registry, model, settings);
  // The worker targets first, so they are sent to the worker in registry order before anything else starts.
  const ordered = [...wanted.filter((t) => t.thread === 'worker'), ...wanted.filter((t) => t.thread !== 'worker')];
  const results = await Promise.all(ordered.map((t) => run.result(t)));
  const files = results.flatMap((r) => r.files);
  const diagnostics = results.flatMap((r) => r.diagnostics);
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path))
      diagnostics.push(emitterDiagnostic(`generated/${file.path}`, `Two targets write ${file.path}`));
    seen.add(file.path);
    if (!file.contents.endsWith('\n')) file.contents += '\n';
  }
  return { files: files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)), diagnostics };
}
