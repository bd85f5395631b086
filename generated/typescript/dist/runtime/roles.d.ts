import { type Role } from '../model.js';
/** A role as a receiver reads it: a known role, or the unknown-role fallback while keeping the raw string. */
export interface ReadRole {
    role: Role;
    raw: string;
    known: boolean;
}
export declare function isRole(value: unknown): value is Role;
/** Reads a role string: one the language does not know reads as the fallback role, and the raw string is kept. */
export declare function readRole(raw: string): ReadRole;
export type AppleRoleMapping = {
    role: Role;
    appleRole: string;
    class: string;
} | {
    role: null;
    appleRole: string;
    class: string;
    reason: string;
};
/**
 * The protocol role for an Apple Accessibility role string (an `AXRole` value); for elements that are not
 * reported, the role is null and the reason says why. Null for a string that is not one of Apple's roles in
 * the spec's list.
 */
export declare function fromAppleRole(axRole: string): AppleRoleMapping | null;
