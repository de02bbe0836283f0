export * from './schema/content.ts'
