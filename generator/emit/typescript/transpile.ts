import type { ts as TypeScript } from 'ts-morph';
import { ts } from './ts-morph.js';

const TRANSPILE_OPTIONS: TypeScript.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  declaration: true,
  isolatedDeclarations: true,
  newLine: ts.NewLineKind.LineFeed,
};

export interface Transpiled {
  js: string;
  dts: string;
}

/**
 * One file's JavaScript and declarations, each file on its own (the isolatedDeclarations way): fast enough for
 * watch mode. The whole package is type-checked by tsc --strict in the tests.
 */
export function transpile(path: string, source: string): Transpiled {
  const js = ts.transpileModule(source, { compilerOptions: TRANSPILE_OPTIONS, fileName: path }).outputText;
  const dts = ts.transpileDeclaration(source, {
    compilerOptions: TRANSPILE_OPTIONS,
    fileName: path,
    reportDiagnostics: true,
  });
  if (dts.diagnostics?.length) {
    throw new Error(
      `Generated ${path} needs explicit types for its declarations: ${ts.flattenDiagnosticMessageText(dts.diagnostics[0]?.messageText ?? '', '\n')}`,
    );
  }
  return { js, dts: dts.outputText };
}
