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
  type Workspace,
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
  /** Stores a new token and checks it (after login, or accepting an invitation). */
  signIn(token: string, user: User): void;
  /** Forgets the token and the user (and root's own token, when root was acting as them). */
  signOut(): void;
  /** Root signed in as this user (login-as-user) and can go back to their own account. */
  signedInAs: boolean;
  /**
   * Root signs in as another user with the token login-as-user gave: root's own token is kept for
   * the way back, then the app starts over as that user (spec §4).
   */
  signInAs(token: string): void;
  /** Ends the session root opened as another user and starts over as root, on /users. */
  returnToOwnAccount(): Promise<void>;
  /** Checks the saved token again (after the server could not be reached). */
  recheck(): void;
  /** Replaces the user after the profile changed. */
  updateUser(user: User): void;
  /** Chooses another project (kept in `wks`). */
  selectWorkspace(workspaceId: number): void;
}

const SessionContext = createContext<Session | null>(null);

/** The session as seen inside a `WorkspaceScope`: null outside one. */
const ScopedSessionContext = createContext<Session | null>(null);

function storedWorkspaceId(): number | null {
  const value = Number(readLocal(LOCAL_KEYS.workspace));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** Root's own token while root acts as another user; none without a session to return from. */
function storedReturnToken(): string | null {
  const token = readLocal(LOCAL_KEYS.returnAuth);
  if (token && !readLocal(LOCAL_KEYS.auth)) {
    removeLocal(LOCAL_KEYS.returnAuth);
    return null;
  }
  return token;
}

/**
 * Forgets root's own token kept while acting as another user, and ends that session on the server
 * (quietly: it may be over already). The call carries root's token only when no other is stored
 * (the client sends the stored one first), so the callers forget the current token before.
 */
function dropReturnToken() {
  const token = readLocal(LOCAL_KEYS.returnAuth);
  if (!token) return;
  removeLocal(LOCAL_KEYS.returnAuth);
  if (readLocal(LOCAL_KEYS.auth)) return;
  void request(API.logout, {
    method: 'POST',
    silent: true,
    headers: { Authorization: `Bearer ${token}` },
  }).catch(() => undefined);
}

/**
 * What a user acts in: the projects they may switch between, the chosen one (`workspaceId` when it
 * is one of them, else the first) and the role selected there (root has only root, spec §6).
 */
function selectionOf(
  user: User,
  workspaceId: number | null,
): Pick<Session, 'workspaces' | 'workspace' | 'role'> {
  const available = availableWorkspaceIds(user);
  const workspaces = user.assignments.filter((a) => available.includes(a.workspaceId));
  const workspace = workspaces.find((a) => a.workspaceId === workspaceId) ?? workspaces[0] ?? null;
  const role = user.is_root ? 'root' : workspace ? selectedRole(user, workspace.workspaceId) : null;
  return { workspaces, workspace, role };
}

/** Where a user (or nobody) acts when `workspaceId` is chosen: the projects, the role, the roles held. */
export function actingOf(
  user: User | null,
  workspaceId: number | null,
): Pick<Session, 'workspaces' | 'workspace' | 'role' | 'held'> {
  if (!user) return { workspaces: [], workspace: null, role: null, held: [] };
  const selection = selectionOf(user, workspaceId);
  const held = selection.workspace
    ? rolesInWorkspace(user, selection.workspace.workspaceId)
    : user.is_root
      ? ['root' as const]
      : [];
  return { ...selection, held };
}

/** The role a signed-in user starts in: the one selected in the stored project (or the first). */
export function startingRoleOf(user: User): RankedRole | null {
  return selectionOf(user, storedWorkspaceId()).role;
}

/** The first check of the saved token, when `startTokenCheck` began it before the app rendered. */
let firstCheck: Promise<User> | null = null;

/**
 * Starts checking the saved token before the app renders (`main.tsx`), so that the answer comes
 * while the first screen's code loads; the session takes this answer instead of asking again.
 */
export function startTokenCheck(): Promise<User> | null {
  if (!readLocal(LOCAL_KEYS.auth)) return null;
  firstCheck = request<User>(API.checkToken, { silent: true });
  // Handled when the session takes it; until then a failure is no unhandled rejection.
  firstCheck.catch(() => undefined);
  return firstCheck;
}

/** Checks the saved token: the answer to the check begun at start, the first time, else a new one. */
function checkToken(): Promise<User> {
  const started = firstCheck;
  firstCheck = null;
  return started ?? request<User>(API.checkToken, { silent: true });
}

/**
 * Holds who is signed in: checks the saved token once at start (spec §4) and derives the chosen
 * project and the selected role from the user's assignments.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // A check begun at start is for the token saved then, which its refusal may have cleared since:
  // the session starts from what was saved when the check began.
  const [status, setStatus] = useState<AuthStatus>(() =>
    firstCheck || readLocal(LOCAL_KEYS.auth) ? 'pending' : 'no-token',
  );
  const [user, setUser] = useState<User | null>(null);
  const [workspaceId, setWorkspaceId] = useState<number | null>(storedWorkspaceId);
  const [returnToken, setReturnToken] = useState<string | null>(() =>
    firstCheck ? readLocal(LOCAL_KEYS.returnAuth) : storedReturnToken(),
  );

  useEffect(() => {
    if (status !== 'pending') return;
    let cancelled = false;
    checkToken().then(
      (checked) => {
        if (cancelled) return;
        setUser(checked);
        setStatus('authorised');
      },
      (error: unknown) => {
        if (cancelled) return;
        const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
        if (refused) {
          removeLocal(LOCAL_KEYS.auth);
          dropReturnToken();
          setReturnToken(null);
        }
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
    // A session that ends while root acts as someone ends root's way back too: nothing would show it.
    const expire = () => {
      if (!readLocal(LOCAL_KEYS.auth)) {
        dropReturnToken();
        setReturnToken(null);
      }
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
    // Someone signing in afresh is nobody root acts as.
    removeLocal(LOCAL_KEYS.auth);
    dropReturnToken();
    setReturnToken(null);
    writeLocal(LOCAL_KEYS.auth, token);
    setUser(signedIn);
    setStatus('authorised');
  }, []);

  const signOut = useCallback(() => {
    removeLocal(LOCAL_KEYS.auth);
    dropReturnToken();
    setReturnToken(null);
    setUser(null);
    setStatus('no-token');
  }, []);

  const signInAs = useCallback((token: string) => {
    const own = readLocal(LOCAL_KEYS.auth);
    // Root acting as someone already keeps the way back to root's own account.
    if (own && !readLocal(LOCAL_KEYS.returnAuth)) writeLocal(LOCAL_KEYS.returnAuth, own);
    writeLocal(LOCAL_KEYS.auth, token);
    window.location.assign('/');
  }, []);

  const returnToOwnAccount = useCallback(async () => {
    const own = readLocal(LOCAL_KEYS.returnAuth);
    if (!own) return;
    // Taken out first: if the session below has already ended, its 401 must not drop root's too.
    removeLocal(LOCAL_KEYS.returnAuth);
    // The session opened as the other user ends here: its token stops working.
    await request(API.logout, { method: 'POST', silent: true }).catch(() => undefined);
    writeLocal(LOCAL_KEYS.auth, own);
    window.location.assign('/users');
  }, []);

  const recheck = useCallback(() => setStatus(readLocal(LOCAL_KEYS.auth) ? 'pending' : 'no-token'), []);

  const updateUser = useCallback((changed: User) => setUser(changed), []);

  const selectWorkspace = useCallback((id: number) => {
    writeLocal(LOCAL_KEYS.workspace, String(id));
    setWorkspaceId(id);
  }, []);

  const session = useMemo<Session>(() => {
    return {
      status,
      user,
      ...actingOf(user, workspaceId),
      signIn,
      signOut,
      signedInAs: status === 'authorised' && returnToken !== null,
      signInAs,
      returnToOwnAccount,
      recheck,
      updateUser,
      selectWorkspace,
    };
  }, [
    status,
    user,
    workspaceId,
    returnToken,
    signIn,
    signOut,
    signInAs,
    returnToOwnAccount,
    recheck,
    updateUser,
    selectWorkspace,
  ]);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/**
 * Holds a session made elsewhere instead of checking a token: component tests render a screen as
 * a given user this way (`renderInApp(ui, { as })`), and everything inside sees it through
 * `useSession`, `useActingFor` and `useActingAs` exactly as under `SessionProvider`.
 */
export function GivenSessionProvider({ session, children }: { session: Session; children: ReactNode }) {
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

/**
 * Lets a screen act in a project other than the chosen one, for everything inside it: the session
 * it sees (`useSession`, `useActingFor`, `useActingAs`) has that project and the roles held there.
 * It is how root picks the project on /users: root holds root in every project (spec §6) and has
 * no header switcher. Without a project it changes nothing.
 */
export function WorkspaceScope({
  workspace,
  children,
}: {
  workspace: Workspace | null;
  children: ReactNode;
}) {
  const outer = useSession();
  const scoped = useMemo<Session | null>(() => {
    if (!workspace || !outer.user) return null;
    const held = rolesInWorkspace(outer.user, workspace.workspaceId);
    return {
      ...outer,
      workspace: { ...workspace, roles: held, isActive: held.length > 0 },
      role: selectedRole(outer.user, workspace.workspaceId),
      held,
    };
  }, [outer, workspace]);
  return <ScopedSessionContext.Provider value={scoped ?? outer}>{children}</ScopedSessionContext.Provider>;
}

export function useSession(): Session {
  const scoped = useContext(ScopedSessionContext);
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return scoped ?? session;
}
