export * from './roles.ts';
export * from './permissions.ts';
export * from './exercises.ts';
