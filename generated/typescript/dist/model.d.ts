/** The protocol version these types describe. */
export declare const PROTOCOL_VERSION = "0.2.0";
/** Every role of the role language, in the spec's order. */
export declare const ROLES: readonly ["Application", "Window", "Group", "List", "Table", "Row", "Cell", "Text", "Heading", "Link", "Image", "Page", "Document"];
/**
 * A word from the role language.
 * @see RFC-0001 §4.2 (spec/rfcs/0001-element-model.md:81)
 */
export type Role = (typeof ROLES)[number];
/** The kinds the roles are grouped in. */
export type RoleKind = "The app and its windows" | "Containers" | "Entries" | "Text" | "Pictures and pages" | "Added by this protocol";
/** Each role with its kind, whether it carries the name of one of Apple's roles, and the Apple roles it also covers. */
export declare const ROLE_INFO: readonly {
    role: Role;
    kind: RoleKind;
    appleName: boolean;
    covers: readonly string[];
    since: string;
}[];
/** The role the root has, the role an unknown role reads as, and the role used when none plainly fits. */
export declare const ROLE_RULES: {
    readonly root: Role;
    readonly unknown: Role;
    readonly fallback: Role;
};
/**
 * MCP's Annotations.
 * @see @modelcontextprotocol/sdk@1.32.2 (MCP 2025-11-25)
 */
export type Annotations = {
    audience?: McpRole[];
    priority?: number;
    lastModified?: string;
};
/**
 * MCP's AudioContent.
 * @see @modelcontextprotocol/sdk@1.32.2 (MCP 2025-11-25)
 */
export type AudioContent = {
    type: "audio";
    data: string;
    mimeType: string;
    annotations?: Annotations;
    _meta?: Record<string, unknown>;
};
/**
 * MCP's BlobResourceContents.
 * @see @modelcontextprotocol/sdk@1.32.2 (MCP 2025-11-25)
 */
export type BlobResourceContents = {
    uri: string;
    mimeType?: string;
    _meta?: Record<string, unknown>;
    blob: string;
};
/**
 * MCP's EmbeddedResource.
 * @see @modelcontextprotocol/sdk@1.32.2 (MCP 2025-11-25)
 */
export type EmbeddedResource = {
    type: "resource";
    resource: TextResourceContents | BlobResourceContents;
    annotations?: Annotations;
    _meta?: Record<string, unknown>;
};
/**
 * MCP's Icon.
 * @see @modelcontextprotocol/sdk@1.32.2 (MCP 2025-11-25)
 */
export type Icon = {
    src: string;
    mimeType?: string;
    sizes?: string[];
    theme?: "light" | "dark";
};
/**
 * MCP's ImageContent.
 * @see @modelcontextprotocol/sdk@1.32.2 (MCP 2025-11-25)
 */
export type ImageContent = {
    type: "image";
    data: string;
    mimeType: string;
    annotations?: Annotations;
    _meta?: Record<string, unknown>;
};
/**
 * MCP's ResourceLink.
 * @see @modelcontextprotocol/sdk@1.32.2 (MCP 2025-11-25)
 */
export type ResourceLink = {
    name: string;
    title?: string;
    icons?: Icon[];
    uri: string;
    description?: string;
    mimeType?: string;
    size?: number;
    annotations?: Annotations;
    _meta?: Record<string, unknown>;
    type: "resource_link";
};
/**
 * MCP's McpRole.
 * @see @modelcontextprotocol/sdk@1.32.2 (MCP 2025-11-25)
 */
export type McpRole = "user" | "assistant";
/**
 * MCP's TextContent.
 * @see @modelcontextprotocol/sdk@1.32.2 (MCP 2025-11-25)
 */
export type TextContent = {
    type: "text";
    text: string;
    annotations?: Annotations;
    _meta?: Record<string, unknown>;
};
/**
 * MCP's TextResourceContents.
 * @see @modelcontextprotocol/sdk@1.32.2 (MCP 2025-11-25)
 */
export type TextResourceContents = {
    uri: string;
    mimeType?: string;
    _meta?: Record<string, unknown>;
    text: string;
};
/**
 * MCP content blocks, unchanged from 0.1.
 * @see @modelcontextprotocol/sdk@1.32.2 (MCP 2025-11-25)
 */
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;
/**
 * Anything else about an element, by name.
 * @see RFC-0001 §4.3 (spec/rfcs/0001-element-model.md:80)
 */
export interface Attributes {
    [name: string]: unknown;
    /**
     * Who wrote the thing.
     * @since 0.2.0
     * @see RFC-0001 §4.3 (spec/rfcs/0001-element-model.md:192)
     */
    author?: string;
    /**
     * Links that are not containment.
     * @since 0.2.0
     * @see RFC-0001 §4.3 (spec/rfcs/0001-element-model.md:193)
     */
    related?: Related[];
}
/**
 * What `current` returns.
 * @since 0.2.0
 * @see RFC-0001 §4.4 (spec/rfcs/0001-element-model.md:77)
 */
export interface Answer {
    /**
     * The protocol version the provider speaks, in three parts.
     * @since 0.2.0
     * @see RFC-0001 §4.4 (spec/rfcs/0001-element-model.md:217)
     */
    protocol: string;
    /**
     * Which run of the provider answered.
     * @since 0.2.0
     * @see RFC-0001 §4.4 (spec/rfcs/0001-element-model.md:218)
     */
    instance: string;
    /**
     * The application, the root of the tree.
     * @since 0.2.0
     * @see RFC-0001 §4.4 (spec/rfcs/0001-element-model.md:219)
     */
    root: Element;
}
/**
 * One thing the app shows; the elements form one tree rooted at the application.
 * @since 0.2.0
 * @see RFC-0001 §4.1 (spec/rfcs/0001-element-model.md:78)
 */
export interface Element {
    /**
     * Opaque; unique within one answer and stable for one run of the provider. Names one appearance: the same thing shown twice is two elements.
     * @since 0.2.0
     * @see RFC-0001 §4.1 (spec/rfcs/0001-element-model.md:88)
     */
    id: string;
    /**
     * A word from the role language in 4.2.
     * @since 0.2.0
     * @see RFC-0001 §4.1 (spec/rfcs/0001-element-model.md:89)
     */
    role: Role;
    /**
     * The app's own word for what the thing is. Any string; an app defines these freely.
     * @since 0.2.0
     * @see RFC-0001 §4.1 (spec/rfcs/0001-element-model.md:90)
     */
    subrole?: string;
    /**
     * One line a person could read.
     * @since 0.2.0
     * @see RFC-0001 §4.1 (spec/rfcs/0001-element-model.md:91)
     */
    title?: string;
    /**
     * MCP content blocks, unchanged from 0.1.
     * @since 0.2.0
     * @see RFC-0001 §4.1 (spec/rfcs/0001-element-model.md:92)
     */
    content?: ContentBlock[];
    /**
     * An address for the thing.
     * @since 0.2.0
     * @see RFC-0001 §4.1 (spec/rfcs/0001-element-model.md:93)
     */
    url?: string;
    /**
     * The user selected this. Absent means false.
     * @since 0.2.0
     * @default false
     * @see RFC-0001 §4.1 (spec/rfcs/0001-element-model.md:94)
     */
    selected?: boolean;
    /**
     * The keyboard or cursor is here. Set on every element on the path from the root's child down to the user's position, with no gaps, so the position is found by following focused elements down from the root. Absent means false.
     * @since 0.2.0
     * @default false
     * @see RFC-0001 §4.1 (spec/rfcs/0001-element-model.md:95)
     */
    focused?: boolean;
    /**
     * Drawn on screen now. Absent means the parent's value; the root is visible.
     * @since 0.2.0
     * @default the parent's value; the root's is true
     * @see RFC-0001 §4.1 (spec/rfcs/0001-element-model.md:96)
     */
    visible?: boolean;
    /**
     * The elements inside this one, in the app's order.
     * @since 0.2.0
     * @see RFC-0001 §4.1 (spec/rfcs/0001-element-model.md:97)
     */
    children?: Element[];
    /**
     * Anything else, by name. `author` and `related` are reserved (4.3). Replaces `payload`.
     * @since 0.2.0
     * @see RFC-0001 §4.1 (spec/rfcs/0001-element-model.md:98)
     */
    attributes?: Attributes;
}
/**
 * A link that is not containment.
 * @since 0.2.0
 * @see RFC-0001 §4.3 (spec/rfcs/0001-element-model.md:79)
 */
export interface Related {
    /**
     * The relation's name.
     * @since 0.2.0
     * @see RFC-0001 §4.3 (spec/rfcs/0001-element-model.md:199)
     */
    relation: string;
    /**
     * Another element's `id`. A link gives `id` or `url`.
     * @since 0.2.0
     * @see RFC-0001 §4.3 (spec/rfcs/0001-element-model.md:200)
     */
    id?: string;
    /**
     * An address. A link gives `id` or `url`.
     * @since 0.2.0
     * @see RFC-0001 §4.3 (spec/rfcs/0001-element-model.md:201)
     */
    url?: string;
}
/** The states an element states about itself. */
export type StateName = "selected" | "focused" | "visible";
/** What an absent state reads as: a value, or the parent's value (with the root's own). */
export type StateDefault = {
    readonly kind: 'value';
    readonly value: boolean;
} | {
    readonly kind: 'inherit';
    readonly root: boolean;
};
/** A field's type, as the spec writes it. */
export type TypeShape = {
    readonly kind: 'primitive';
    readonly name: 'string' | 'boolean' | 'number';
} | {
    readonly kind: 'named';
    readonly name: string;
} | {
    readonly kind: 'array';
    readonly items: TypeShape;
};
/** How the answer forms a tree: the answer type, its root field, the element type and its children, id, role, attributes and content fields, and the answer's version field. */
export type Tree = {
    readonly answer: string;
    readonly root: string;
    readonly node: string;
    readonly children: string;
    readonly id: string;
    readonly role: string;
    readonly attributes: string | null;
    readonly content: string | null;
    readonly version: string;
};
/** The rules of one protocol version that the reader and the checker apply. */
export type SpecData = {
    readonly version: string;
    readonly roles: readonly string[];
    readonly roleRules: {
        readonly root: string;
        readonly unknown: string;
        readonly fallback: string;
    };
    readonly states: readonly {
        readonly name: string;
        readonly default: StateDefault;
        readonly reachable: boolean;
        readonly path: boolean;
    }[];
    readonly tree: Tree;
    readonly typeKinds: Readonly<Record<string, 'record' | 'roles' | 'attributes' | 'external'>>;
    readonly records: Readonly<Record<string, readonly {
        readonly name: string;
        readonly required: boolean;
        readonly type: TypeShape;
    }[]>>;
    readonly reservedAttributes: readonly {
        readonly name: string;
        readonly type: TypeShape;
    }[];
    readonly removed: readonly {
        readonly name: string;
        readonly from: string;
        readonly replacedBy: string;
        readonly version: string;
        readonly states: readonly string[];
    }[];
    readonly contentKinds: readonly {
        readonly type: string;
        readonly name: string;
        readonly required: readonly string[];
        readonly properties: Readonly<Record<string, string>>;
    }[];
    readonly requirements: readonly {
        readonly id: string;
        readonly requirement: string;
        readonly check: string;
        readonly checkable: boolean;
        readonly rule: string | null;
    }[];
};
/** Each state of the current version, its default, whether it must be reachable from the root, and whether it forms a path. */
export declare const STATES: readonly {
    readonly name: StateName;
    readonly default: StateDefault;
    readonly reachable: boolean;
    readonly path: boolean;
}[];
/** The rules of protocol 0.2.0, the version these types describe. */
export declare const SPEC: SpecData;
/** The rules of every protocol version this package reads, by version. */
export declare const SPECS: Readonly<Record<string, SpecData>>;
/** Apple's roles, each with the protocol role it becomes, or null with the class of elements that are not reported. */
export declare const APPLE_ROLES: readonly {
    readonly value: string;
    readonly name: string;
    readonly class: string;
    readonly role: Role | null;
}[];
/** Classes of elements a provider does not report, and why. */
export declare const NOT_REPORTED: readonly {
    readonly name: string;
    readonly reason: string;
}[];
