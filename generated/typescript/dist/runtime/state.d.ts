import { type Answer, type Element, type StateName } from '../model.js';
/** Every state of an element as a receiver reads it: defaults and inheritance applied. */
export type EffectiveState = {
    [K in StateName]: boolean;
};
export interface EffectiveElement {
    element: Element;
    /** JSON Pointer from the answer, e.g. `/root/children/0`. */
    path: string;
    depth: number;
    state: EffectiveState;
}
/**
 * Walks the tree in pre-order (an element, then its children in order) and gives each element its effective
 * state. Iterative, so a tree of any depth is read without growing the call stack.
 */
export declare function effectiveState(answer: Answer): EffectiveElement[];
/**
 * The chain of focused elements from the root's child down to the user's position: at each level, the child
 * whose path state is set. Empty when nothing is focused.
 */
export declare function focusPath(answer: Answer): Element[];
