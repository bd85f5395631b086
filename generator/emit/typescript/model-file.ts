import type { CanonicalModel } from '../../model/types.js';
import type { Names } from '../kit/naming.js';
import { appleRoleStatements, findingStatements, specDataStatements } from './model-file-data.js';
import { roleStatements } from './model-file-roles.js';
import { attributesStatement, enumStatements, externalStatements, recordStatements } from './model-file-types.js';
import { docs, literal, type ModelFiles, ModelStatements } from './model-statements.js';
import { OWN, typescriptNames } from './naming.js';
import { StructureKind, VariableDeclarationKind } from './ts-morph.js';

/**
 * src/model.ts, with its JavaScript and declarations: the types of the answer and the data the runtime reads, all
 * from the model. The statements are gathered as structures and printed once, with no syntax tree.
 */
export function modelFiles(
  model: CanonicalModel,
  header: string,
  versions: readonly CanonicalModel[] = [model],
  sdkVersion: string | null = null,
  names: Names = typescriptNames(model, versions),
): ModelFiles {
  const statements = new ModelStatements(header.trimEnd());
  // Each model type by its name in the package (kept clear of what the package declares itself).
  const name = (type: string): string => names.type(type);

  statements.value({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: docs('The protocol version these types describe.'),
    declarations: [{ name: OWN.protocolVersion, initializer: literal(model.protocolVersion) }],
  });
  if (sdkVersion !== null)
    statements.value({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: docs(
        `This package's own version, which speaks protocol ${model.protocolVersion} (${OWN.protocolVersion}); an SDK fix raises it alone.`,
      ),
      declarations: [{ name: OWN.sdkVersion, initializer: literal(sdkVersion) }],
    });

  const role = roleStatements(statements, model, name);
  externalStatements(statements, model, name);
  enumStatements(statements, model, name);
  attributesStatement(statements, model, name);
  recordStatements(statements, model, name);
  specDataStatements(statements, model, versions);
  findingStatements(statements);
  appleRoleStatements(statements, model, role);
  return statements.print();
}
