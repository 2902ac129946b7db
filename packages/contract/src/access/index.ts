export * from './roles.ts';
export * from './role-labels.ts';
export * from './permissions.ts';
export * from './exercises.ts';
export * from './shares.ts';
export * from './grants.ts';
export * from './rules.ts';
export * from './crm.ts';
