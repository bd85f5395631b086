import type { Diagnostic } from '../diagnostics/report.js';
import type { CanonicalModel } from '../model/types.js';
import { emitterDiagnostic } from './report.js';
import { TARGETS, TARGET_NAMES, targetNamed } from './targets.js';
import { emitOffThread } from './typescript/off-thread.js';
import type { EmitContext, EmitSettings, GeneratedFile, Target, TargetResult } from './types.js';

export { TARGETS, TARGET_NAMES };

export interface EmitOutput {
  files: GeneratedFile[];
  diagnostics: Diagnostic[];
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Runs targets and what they need, each once: a target starts when first asked for, by the run or by a target that
 * needs it. 'worker' targets go to the worker thread when one is running (typescript/off-thread.ts), asked for in
 * registry order, so the main thread runs the rest meanwhile. A target that throws becomes a diagnostic.
 */
class Run {
  private readonly results = new Map<string, Promise<TargetResult<unknown>>>();

  constructor(private readonly model: CanonicalModel, private readonly settings: EmitSettings) {}

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
        const needed = target.needs.includes(name) ? targetNamed(name) : undefined;
        if (!needed) return Promise.reject(new Error(`the ${target.name} target asks for ${name}, which its needs do not list`));
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
      const diagnostics = outside.map((f) => emitterDiagnostic(where, `The ${target.name} target wrote ${f.path}, outside its folder ${where}`));
      return { ...result, diagnostics: [...own, ...diagnostics] };
    } catch (e) {
      return { files: [], diagnostics: [emitterDiagnostic(where, `The ${target.name} target stopped: ${message(e)}`)] };
    }
  }
}

/** Emits the named targets (all by default) and their diagnostics; files sorted by path, each ending in "\n". */
export async function emitAll(model: CanonicalModel, settings: EmitSettings, only?: readonly string[]): Promise<EmitOutput> {
  const wanted: readonly Target[] = TARGETS.filter((t) => !only || only.includes(t.name));
  const run = new Run(model, settings);
  // The worker targets first, so they are sent to the worker in registry order before anything else starts.
  const ordered = [...wanted.filter((t) => t.thread === 'worker'), ...wanted.filter((t) => t.thread !== 'worker')];
  const results = await Promise.all(ordered.map((t) => run.result(t)));
  const files = results.flatMap((r) => r.files);
  const diagnostics = results.flatMap((r) => r.diagnostics);
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) diagnostics.push(emitterDiagnostic(`generated/${file.path}`, `Two targets write ${file.path}`));
    seen.add(file.path);
    if (!file.contents.endsWith('\n')) file.contents += '\n';
  }
  return { files: files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)), diagnostics };
}

/** One target's files, with what it needs run first (and their files left out): for tests and tools. */
export async function emitTarget(name: string, model: CanonicalModel, settings: EmitSettings): Promise<EmitOutput> {
  const target = targetNamed(name);
  if (!target) throw new Error(`No target ${name}; the targets are ${TARGET_NAMES.join(', ')}`);
  return emitAll(model, settings, [name]);
}
