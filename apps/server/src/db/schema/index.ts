export * from './audit.ts';
export * from './clients.ts';
export * from './invitations.ts';
export * from './sessions.ts';
export * from './storage.ts';
export * from './users.ts';
export * from './workspaces.ts';
