/**
 * Plain values of the contract, without zod, so that the first pages can use them without loading
 * the schemas: `import { PASSWORD_MAX, MEMBER_ROLES } from '@beacon/contract/values'`. The schemas are
 * built from the same ones (docs/decisions/017-sign-in-bundle.md).
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The roles of a workspace member, from most to least allowed. */
export const MEMBER_ROLES = ['admin', 'contributor', 'viewer'] as const;
