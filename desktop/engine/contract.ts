/**
 * The engine's entry point as the shell sees it: types only, so the shell's bundles never load the
 * engine's code (the utility process imports it by name at run time).
 */
export type { Engine, EngineOptions } from './engine.ts'
