import {
  NEW_USER_DEFAULTS,
  type GroupCreate,
  type GroupCreatedResponse,
  type ManagedUser,
  type UserCreate,
  type UserUpdate,
} from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database, Queryable } from '../../db/Database.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import { hashPassword } from '../auth/passwords.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { passwordPolicyProblem } from './passwordPolicy.js';
import { USER_MESSAGES } from './userMessages.js';
import {
  canEditUser,
  canListUsers,
  canResetTwoFactor,
  canViewUser,
  changeRefusal,
  creationRefusal,
  deletionRefusal,
} from './userPermissions.js';
import { createUserRepository, type StoredUser, type UserFields } from './userRepository.js';

const conflict = (message: string) => new HttpError(409, message);

const FOREIGN_KEY_VIOLATION = '23503';
const UNIQUE_VIOLATION = '23505';

function sqlStateOf(error: unknown): { code?: unknown; constraint?: unknown } {
  return typeof error === 'object' && error !== null
    ? (error as { code?: unknown; constraint?: unknown })
    : {};
}

/** A unique index that a parallel request beat this one to, as the message the pre-checks would have given. */
function uniqueConflictOf(error: unknown): HttpError | null {
  const { code, constraint } = sqlStateOf(error);
  if (code !== UNIQUE_VIOLATION) return null;
  if (constraint === 'users_username_unique') return conflict(USER_MESSAGES.usernameTaken);
  if (constraint === 'users_email_unique') return conflict(USER_MESSAGES.emailTaken);
  if (constraint === 'groups_name_unique') return conflict(USER_MESSAGES.groupNameTaken);
  return null;
}

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

const isActiveAdministrator = (fields: UserFields) =>
  fields.Administrator === 'yes' && fields.user_active === 1;

/** The fields whose value differs, each with its value before and after (for the audit row). */
function changesBetween(before: UserFields, after: UserFields) {
  const changes: Partial<Record<keyof UserFields, { before: unknown; after: unknown }>> = {};
  for (const field of Object.keys(after) as (keyof UserFields)[]) {
    if (before[field] !== after[field]) changes[field] = { before: before[field], after: after[field] };
  }
  return changes;
}

/** A password to set: null when the update leaves it as it is (blank or absent). */
const newPasswordOf = (input: UserUpdate) =>
  input.Password === undefined || input.Password === null || input.Password === '' ? null : input.Password;

/**
 * User and group administration (USR-04, USR-07, USR-03, USR-05), with the role rules enforced here whatever the browser shows.
 * Each change runs in one transaction with its audit row, which names the user acted on and the values before and
 * after (never a password). A change that alters who the user is to the server (status, level, flags, group, a
 * password or two-factor reset by someone else) drops the cached profile, so that it applies to their next request;
 * one that ends their sessions also closes their live connections through `onSessionsEnded`.
 */
export function createUserService(deps: {
  db: Database;
  clock: Clock;
  users: { invalidate(userId: number): void };
  onSessionsEnded: (userId: number) => void;
  /**
   * Runs in a deletion's transaction, before the user's row goes: features whose rows go with the account release
   * what lives outside the database (stored files).
   */
  onDeleting?: (tx: Queryable, userId: number) => Promise<void>;
}) {
  const { db, clock, users, onSessionsEnded } = deps;
  const repository = createUserRepository(db);

  async function findOr404(q: Queryable, id: number, forUpdate = false): Promise<StoredUser> {
    const user = await createUserRepository(q).find(id, { forUpdate });
    if (!user) throw notFound(USER_MESSAGES.notFound);
    return user;
  }

  async function managedUser(id: number): Promise<ManagedUser> {
    const user = await repository.findManaged(id);
    if (!user) throw notFound(USER_MESSAGES.notFound);
    return user;
  }

  /** Refuses a group or access level that does not exist, and a username or email another user has. */
  async function checkReferencesAndUniqueness(
    q: Queryable,
    fields: UserFields,
    before: UserFields | null,
    userId: number | null,
  ): Promise<void> {
    const rows = createUserRepository(q);
    if (fields.Group !== before?.Group && fields.Group !== null && !(await rows.groupExists(fields.Group))) {
      throw badRequest(USER_MESSAGES.unknownGroup, { errors: { Group: USER_MESSAGES.unknownGroup } });
    }
    if (
      fields.access_level !== before?.access_level &&
      fields.access_level !== null &&
      !(await rows.accessLevelExists(fields.access_level))
    ) {
      throw badRequest(USER_MESSAGES.unknownAccessLevel, {
        errors: { access_level: USER_MESSAGES.unknownAccessLevel },
      });
    }
    if (
      fields.Username.toLowerCase() !== before?.Username.toLowerCase() &&
      (await rows.usernameTaken(fields.Username, userId))
    ) {
      throw conflict(USER_MESSAGES.usernameTaken);
    }
    if (
      fields.Email !== null &&
      fields.Email.toLowerCase() !== before?.Email?.toLowerCase() &&
      (await rows.emailTaken(fields.Email, userId))
    ) {
      throw conflict(USER_MESSAGES.emailTaken);
    }
  }

  function checkPasswordPolicy(password: string, username: string): void {
    const problem = passwordPolicyProblem(password, username);
    if (problem) throw badRequest(problem, { errors: { Password: problem } });
  }

  /** Refuses a change that would leave no active administrator (read under the administration lock). */
  async function guardLastAdministrator(q: Queryable, before: UserFields, after: UserFields | null) {
    if (!isActiveAdministrator(before) || (after !== null && isActiveAdministrator(after))) return;
    if ((await createUserRepository(q).countActiveAdministrators()) <= 1) {
      throw conflict(USER_MESSAGES.lastAdministrator);
    }
  }

  /** What an update would write, after every rule that the caller and the user's current state allow to check. */
  async function planUpdate(
    q: Queryable,
    actor: AuthenticatedUser,
    id: number,
    input: UserUpdate,
    lock: boolean,
  ) {
    const target = await findOr404(q, id, lock);
    if (!canEditUser(actor, target)) throw forbidden(USER_MESSAGES.cannotEdit);
    const before = target.fields;
    const after: UserFields = {
      Name: input.Name.trim(),
      Email: input.Email.trim(),
      ContactNumber: blankToNull(input.ContactNumber),
      Username: input.Username.trim(),
      Group: input.Group,
      user_active: input.user_active ?? before.user_active,
      Administrator: input.Administrator ?? before.Administrator,
      group_admin: input.group_admin ?? before.group_admin,
      access_level: input.access_level ?? before.access_level,
    };
    const changes = changesBetween(before, after);
    const refusal = changeRefusal(actor, target, Object.keys(changes) as (keyof UserFields)[]);
    if (refusal) throw forbidden(refusal);
    const password = newPasswordOf(input);
    if (password !== null) checkPasswordPolicy(password, after.Username);
    await checkReferencesAndUniqueness(q, after, before, id);
    await guardLastAdministrator(q, before, after);
    return { before, after, changes };
  }

  return {
    async list(actor: AuthenticatedUser, audit: RequestAudit): Promise<{ users: ManagedUser[] }> {
      if (!canListUsers(actor)) throw forbidden(USER_MESSAGES.cannotManage);
      const list = actor.isAdministrator ? await repository.list() : await repository.list(actor.groupId);
      audit.describe({ details: { user_ids: list.map((user) => user.ID_User) } });
      return { users: list };
    },

    async get(actor: AuthenticatedUser, id: number, audit: RequestAudit): Promise<{ user: ManagedUser }> {
      audit.describe({ details: { target_user_id: id } });
      const target = await findOr404(db, id);
      if (!canViewUser(actor, target)) throw forbidden(USER_MESSAGES.cannotViewDashboard);
      return { user: await managedUser(id) };
    },

    async create(actor: AuthenticatedUser, input: UserCreate, audit: RequestAudit) {
      audit.describe({ details: { target_username: input.Username.trim() } });
      const refusal = creationRefusal(actor, input);
      if (refusal) throw forbidden(refusal);
      const fields: UserFields = {
        Name: input.Name.trim(),
        Email: input.Email.trim(),
        ContactNumber: blankToNull(input.ContactNumber),
        Username: input.Username.trim(),
        Group: input.Group,
        user_active: input.user_active ?? NEW_USER_DEFAULTS.USER_ACTIVE,
        Administrator: input.Administrator ?? NEW_USER_DEFAULTS.ADMINISTRATOR,
        group_admin: input.group_admin ?? NEW_USER_DEFAULTS.GROUP_ADMIN,
        access_level: input.access_level ?? NEW_USER_DEFAULTS.ACCESS_LEVEL,
      };
      checkPasswordPolicy(input.Password, fields.Username);
      await checkReferencesAndUniqueness(db, fields, null, null);
      const passwordHash = await hashPassword(input.Password);
      const id = await db.transaction(async (tx) => {
        let newId: number;
        try {
          newId = await createUserRepository(tx).insert(fields, passwordHash, actor.id, clock());
        } catch (error) {
          throw uniqueConflictOf(error) ?? error;
        }
        audit.describe({
          details: {
            target_user_id: newId,
            target_username: fields.Username,
            after: fields,
            password: 'password set',
          },
        });
        await audit.recordWithin(tx);
        return newId;
      });
      return { message: USER_MESSAGES.added, user: await managedUser(id) };
    },

    async update(actor: AuthenticatedUser, id: number, input: UserUpdate, audit: RequestAudit) {
      audit.describe({ details: { target_user_id: id } });
      const password = newPasswordOf(input);
      // Checked before the password is hashed (which takes a while), then again on the locked row.
      await planUpdate(db, actor, id, input, false);
      const passwordHash = password === null ? null : await hashPassword(password);
      // Someone else setting a user's password ends that user's sessions; changing one's own keeps them.
      const passwordReset = password !== null && actor.id !== id;
      const sessionsEnded = await db.transaction(async (tx) => {
        const rows = createUserRepository(tx);
        await rows.lockUserAdministration();
        const plan = await planUpdate(tx, actor, id, input, true);
        // Deactivation ends the sessions by itself (the trigger of m002 advances the session epoch).
        const deactivated = plan.before.user_active === 1 && plan.after.user_active === 0;
        try {
          await rows.update(id, plan.after, { passwordHash, endSessions: passwordReset });
        } catch (error) {
          throw uniqueConflictOf(error) ?? error;
        }
        audit.describe({
          details: {
            target_username: plan.before.Username,
            changes: { ...plan.changes, ...(password === null ? {} : { Password: 'password changed' }) },
            ...(passwordReset || deactivated ? { sessions_ended: true } : {}),
          },
        });
        await audit.recordWithin(tx);
        return passwordReset || deactivated;
      });
      users.invalidate(id);
      if (sessionsEnded) onSessionsEnded(id);
      return { message: USER_MESSAGES.updated, user: await managedUser(id) };
    },

    async remove(actor: AuthenticatedUser, id: number, audit: RequestAudit) {
      audit.describe({ details: { target_user_id: id } });
      await db.transaction(async (tx) => {
        const rows = createUserRepository(tx);
        await rows.lockUserAdministration();
        const target = await findOr404(tx, id, true);
        const refusal = deletionRefusal(actor, target);
        if (refusal) throw forbidden(refusal);
        await guardLastAdministrator(tx, target.fields, null);
        await deps.onDeleting?.(tx, id);
        try {
          await rows.remove(id);
        } catch (error) {
          // Rows of later features that must outlive the account (documents, jobs) still name the user.
          if (sqlStateOf(error).code === FOREIGN_KEY_VIOLATION) throw conflict(USER_MESSAGES.ownsRecords);
          throw error;
        }
        audit.describe({ details: { target_username: target.fields.Username, before: target.fields } });
        await audit.recordWithin(tx);
      });
      users.invalidate(id);
      onSessionsEnded(id);
      return { success: true, message: USER_MESSAGES.deleted };
    },

    async resetTwoFactor(actor: AuthenticatedUser, id: number, audit: RequestAudit) {
      audit.describe({ details: { target_user_id: id } });
      await db.transaction(async (tx) => {
        const target = await findOr404(tx, id, true);
        if (!canResetTwoFactor(actor, target)) throw forbidden(USER_MESSAGES.cannotResetTwoFactor);
        await createUserRepository(tx).resetTwoFactor(id);
        audit.describe({
          details: {
            target_username: target.fields.Username,
            changes: { is_2fa_enabled: { before: target.twoFactorEnabled, after: false } },
            sessions_ended: true,
          },
        });
        await audit.recordWithin(tx);
      });
      users.invalidate(id);
      onSessionsEnded(id);
      return { message: USER_MESSAGES.twoFactorReset, user: await managedUser(id) };
    },

    async createGroup(
      actor: AuthenticatedUser,
      input: GroupCreate,
      audit: RequestAudit,
    ): Promise<GroupCreatedResponse> {
      if (!actor.isAdministrator) throw forbidden(USER_MESSAGES.onlyAdministratorsCreateGroups);
      const name = input.Group_Name.trim();
      if (await repository.groupNameTaken(name)) throw conflict(USER_MESSAGES.groupNameTaken);
      const group = await db.transaction(async (tx) => {
        let created;
        try {
          created = await createUserRepository(tx).insertGroup(name, clock());
        } catch (error) {
          throw uniqueConflictOf(error) ?? error;
        }
        audit.describe({
          details: { group_id: created.ID_Group, after: { Group_Name: created.Group_Name } },
        });
        await audit.recordWithin(tx);
        return created;
      });
      return { message: USER_MESSAGES.groupCreated, group };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
