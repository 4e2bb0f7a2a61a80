/*
 * Field type labels live in the engine, with the types themselves, so the dashboard and the
 * widget name a type the same way.
 */
export { fieldTypeLabel } from '../../../engine/index.ts';
