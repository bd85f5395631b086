/**
 * A conformance vector as the conformance target writes it and the targets that need it read it (the docs cite each
 * one): declared here so that a target that reads another's vectors does not import that target.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface ExpectedFinding {
  requirement: string | null;
  rule: string;
  severity: 'error' | 'warning';
  elementId: string | null;
  path: string;
}

export interface Vector {
  name: string;
  description: string;
  covers: string[];
  input: Json;
  decodes: boolean;
  strictValid: boolean;
  findings: ExpectedFinding[];
}
