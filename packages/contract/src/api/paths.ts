/** API paths (spec §7), relative to the API base `/api`. Later areas add theirs. */
export const API_BASE = '/api';

export const API = {
  health: '/health',
  login: '/login',
  logout: '/logout',
  checkToken: '/check-token',
  loginAsUser: '/login-as-user',
  storage: '/storage',
  workspaces: '/workspaces',
  archivedWorkspaces: '/workspaces/archived',
  auditLog: '/audit-log',
  dashboard: '/dashboard',
  profile: '/users/profile',
  users: '/users',
  usersExport: '/users/export.csv',
  user: '/users/user',
  userRemoveRole: '/users/user/remove-role',
  userEnvironment: '/users/user/environment',
  clients: '/clients',
  avatars: '/files/avatars',
  docs: '/docs',
} as const;
