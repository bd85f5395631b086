import { APPLE_ROLES, NOT_REPORTED, ROLE_RULES, ROLES, SPEC, type Role } from '../model.js';

const KNOWN: ReadonlySet<string> = new Set(ROLES);
/** Removed roles that are deprecated aliases: each reads as the role that replaced it. */
const ALIASES: ReadonlyMap<string, string> = new Map(SPEC.aliases.map((a) => [a.name, a.role]));

/** A role as a receiver reads it: a known role, or the unknown-role fallback while keeping the raw string. */
export interface ReadRole {
  role: Role;
  raw: string;
  known: boolean;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && KNOWN.has(value);
}

/**
 * Reads a role string: a deprecated alias reads as the role that replaced it, one the language does not know reads
 * as the fallback role, and the raw string is kept.
 */
export function readRole(raw: string): ReadRole {
  if (isRole(raw)) return { role: raw, raw, known: true };
  const alias = ALIASES.get(raw);
  return alias !== undefined && isRole(alias) ? { role: alias, raw, known: true } : { role: ROLE_RULES.unknown, raw, known: false };
}

export type AppleRoleMapping =
  | { role: Role; appleRole: string; class: string }
  | { role: null; appleRole: string; class: string; reason: string };

const APPLE = new Map(APPLE_ROLES.map((entry) => [entry.value, entry]));
const REASONS = new Map(NOT_REPORTED.map((entry) => [entry.name, entry.reason]));

/**
 * The protocol role for an Apple Accessibility role string (an `AXRole` value); for elements that are not
 * reported, the role is null and the reason says why. Null for a string that is not one of Apple's roles in
 * the spec's list.
 */
export function fromAppleRole(axRole: string): AppleRoleMapping | null {
  const entry = APPLE.get(axRole);
  if (!entry) return null;
  if (entry.role !== null) return { role: entry.role, appleRole: entry.value, class: entry.class };
  return { role: null, appleRole: entry.value, class: entry.class, reason: REASONS.get(entry.class) ?? entry.class };
}
