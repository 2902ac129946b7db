import {
  API,
  LOCAL_KEYS,
  ROLE,
  availableWorkspaceIds,
  roleMay,
  type Action,
  rolesInWorkspace,
  selectedRole,
  type Assignment,
  type RankedRole,
  type RoleName,
  type User,
} from '@logoschool/contract';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, configureApi, request } from '../api/client.ts';
import { readLocal, removeLocal, writeLocal } from '../lib/local-storage.ts';

/**
 * Where the session stands: no token; a token being checked; signed in; the token refused (the
 * session is over); or the check could not reach the server (the token is kept for a retry).
 */
export type AuthStatus = 'no-token' | 'pending' | 'authorised' | 'expired' | 'unreachable';

export interface Session {
  status: AuthStatus;
  user: User | null;
  /** The chosen project (local `wks`), one the user holds a role in; null for none. */
  workspace: Assignment | null;
  /** The projects the user may switch between. */
  workspaces: Assignment[];
  /** The selected role: the highest held in the chosen project; root has only root (spec §6). */
  role: RankedRole | null;
  /** Every role held in the chosen project (with the base roles they imply). */
  held: RoleName[];
  /** Stores a new token and checks it (after login, or login-as-user). */
  signIn(token: string, user: User): void;
  /** Forgets the token and the user. */
  signOut(): void;
  /** Checks the saved token again (after the server could not be reached). */
  recheck(): void;
  /** Replaces the user after the profile changed. */
  updateUser(user: User): void;
  /** Chooses another project (kept in `wks`). */
  selectWorkspace(workspaceId: number): void;
}

const SessionContext = createContext<Session | null>(null);

function storedWorkspaceId(): number | null {
  const value = Number(readLocal(LOCAL_KEYS.workspace));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * Holds who is signed in: checks the saved token once at start (spec §4) and derives the chosen
 * project and the selected role from the user's assignments.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>(() =>
    readLocal(LOCAL_KEYS.auth) ? 'pending' : 'no-token',
  );
  const [user, setUser] = useState<User | null>(null);
  const [workspaceId, setWorkspaceId] = useState<number | null>(storedWorkspaceId);

  useEffect(() => {
    if (status !== 'pending') return;
    let cancelled = false;
    request<User>(API.checkToken, { silent: true }).then(
      (checked) => {
        if (cancelled) return;
        setUser(checked);
        setStatus('authorised');
      },
      (error: unknown) => {
        if (cancelled) return;
        const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
        if (refused) removeLocal(LOCAL_KEYS.auth);
        setStatus(refused ? 'expired' : 'unreachable');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [status]);

  // Any signed-in call answered 401 ends the session; the login guard then leads to /logout. A 403
  // may mean the user's access changed: check the token again, quietly, and take the new projects
  // and roles (or end the session when none are left).
  useEffect(() => {
    const expire = () => {
      setUser(null);
      setStatus('expired');
    };
    configureApi({
      onSessionExpired: expire,
      onAccessRefused: () => {
        request<User>(API.checkToken, { silent: true }).then(setUser, (error: unknown) => {
          if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) return;
          removeLocal(LOCAL_KEYS.auth);
          expire();
        });
      },
    });
  }, []);

  const signIn = useCallback((token: string, signedIn: User) => {
    writeLocal(LOCAL_KEYS.auth, token);
    setUser(signedIn);
    setStatus('authorised');
  }, []);

  const signOut = useCallback(() => {
    removeLocal(LOCAL_KEYS.auth);
    setUser(null);
    setStatus('no-token');
  }, []);

  const recheck = useCallback(() => setStatus(readLocal(LOCAL_KEYS.auth) ? 'pending' : 'no-token'), []);

  const updateUser = useCallback((changed: User) => setUser(changed), []);

  const selectWorkspace = useCallback((id: number) => {
    writeLocal(LOCAL_KEYS.workspace, String(id));
    setWorkspaceId(id);
  }, []);

  const session = useMemo<Session>(() => {
    const available = user ? availableWorkspaceIds(user) : [];
    const workspaces = user ? user.assignments.filter((a) => available.includes(a.workspaceId)) : [];
    const workspace = workspaces.find((a) => a.workspaceId === workspaceId) ?? workspaces[0] ?? null;
    const role = user
      ? user.is_root
        ? 'root'
        : workspace
          ? selectedRole(user, workspace.workspaceId)
          : null
      : null;
    const held =
      user && workspace
        ? rolesInWorkspace(user, workspace.workspaceId)
        : user?.is_root
          ? ['root' as const]
          : [];
    return {
      status,
      user,
      workspace,
      workspaces,
      role,
      held,
      signIn,
      signOut,
      recheck,
      updateUser,
      selectWorkspace,
    };
  }, [status, user, workspaceId, signIn, signOut, recheck, updateUser, selectWorkspace]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/**
 * The project and role the signed-in user acts in, as the API wants them (DESIGN §4: `workspace_id`
 * and `role_id` in the query). Null until a project and role are known.
 */
export function useActingAs(): { workspace_id: number; role_id: number } | null {
  const { workspace, role } = useSession();
  return workspace && role ? { workspace_id: workspace.workspaceId, role_id: ROLE[role] } : null;
}

/**
 * How to act for a permission in the chosen project: the held role that the permission table
 * allows it to (an admin's administration goes as admin, not as the manager they are selected as).
 * Null when no held role may.
 */
export function useActingFor(action: Action): { workspace_id: number; role_id: number } | null {
  const { workspace, role, held } = useSession();
  if (!workspace) return null;
  const allowed = [role, ...held].find((candidate) => candidate !== null && roleMay(candidate, action));
  return allowed ? { workspace_id: workspace.workspaceId, role_id: ROLE[allowed] } : null;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
