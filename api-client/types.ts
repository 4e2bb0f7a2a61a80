/*
 * Wire types the front ends read. Type-only imports from the API are allowed (DESIGN.md): they
 * vanish at build time, so no server code reaches a bundle.
 */
export type { ActivityGroupDto as ActivityGroup } from '../api/services/activity-groups.ts';
export type { ClientSettingsDto as ClientSettings } from '../api/services/client-settings.ts';
export type { FieldDto as Field } from '../api/services/fields.ts';
export type { HomeTabDto as HomeTab } from '../api/services/home-tabs.ts';
export type { UserDto as User } from '../api/services/users.ts';
