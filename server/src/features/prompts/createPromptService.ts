import type {
  DefaultLookupsResponse,
  DefaultLookupTypesResponse,
  DefaultsAvailableResponse,
  DefaultsImportRequest,
  DefaultsImportResponse,
  Lookup,
  LookupListResponse,
  LookupSavedResponse,
  LookupSaveRequest,
  LookupTypeCreatedResponse,
  LookupTypeCreateRequest,
  LookupTypeListResponse,
  MessageResponse,
} from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database, Queryable } from '../../db/Database.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import {
  type AuthoringUse,
  checkAuthoringAccess,
  mayChangeAuthoring,
} from '../authoring/checkAuthoringAccess.js';
import { DEFAULT_PROMPT_SET } from './defaultPromptSet.js';
import { PROMPT_MESSAGES } from './promptMessages.js';
import { canEditPrompt, canSeePrompt } from './promptPermissions.js';
import { createPromptRepository, type PromptRepository, type StoredPrompt } from './promptRepository.js';

const UNIQUE_VIOLATION = '23505';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

/** The caller and the group their prompts live in, once the checks every prompt call makes have passed. */
interface PromptCaller {
  user: AuthenticatedUser;
  groupId: number;
}

export interface PromptServiceDeps {
  db: Database;
  clock: Clock;
}

/**
 * Report types and their prompts (TPL-01, DRF-06), kept per
 * group. Every call needs the 'generative-ai' feature and a group; who may change a prompt is `canEditPrompt`'s
 * rule, and a prompt of another group does not exist for anyone but an administrator. Each change commits together
 * with its audit row.
 */
export function createPromptService(deps: PromptServiceDeps) {
  const { db, clock } = deps;
  const defaults = DEFAULT_PROMPT_SET;
  const prompts = createPromptRepository(db);

  function callerOf(user: AuthenticatedUser, use: AuthoringUse = 'read'): PromptCaller {
    checkAuthoringAccess(user, use);
    if (user.groupId === null) throw forbidden(PROMPT_MESSAGES.noGroup);
    return { user, groupId: user.groupId };
  }

  const lookupOf = (user: AuthenticatedUser, prompt: StoredPrompt): Lookup => ({
    ID_Lookup: prompt.id,
    LookupTitle: prompt.title,
    LookupText: prompt.text,
    LookupType: prompt.typeId,
    ID_User: prompt.userId,
    ID_Group: prompt.groupId,
    date_added: prompt.createdAt,
    owner_name: prompt.ownerName,
    can_edit: mayChangeAuthoring(user) && canEditPrompt(user, prompt),
  });

  /**
   * The group a new prompt names: the caller's own, or for an administrator any group that exists. The user id it
   * names must be the caller's: nobody adds a prompt in someone else's name.
   */
  async function checkedGroupOf(
    repository: PromptRepository,
    caller: PromptCaller,
    input: LookupSaveRequest,
  ): Promise<number> {
    if (input.ID_User !== caller.user.id) throw forbidden(PROMPT_MESSAGES.notYourUserId);
    if (input.ID_Group === caller.groupId) return caller.groupId;
    if (!caller.user.isAdministrator) throw forbidden(PROMPT_MESSAGES.notYourGroup);
    if (!(await repository.groupExists(input.ID_Group))) throw notFound(PROMPT_MESSAGES.groupNotFound);
    return input.ID_Group;
  }

  /**
   * An edit names the prompt's owner, or the editor as a screen that always sends the signed-in user does, and the
   * prompt's group: neither is taken from the body, since nobody may give a prompt to someone else or move it.
   */
  function checkKeepsOwnership(
    user: AuthenticatedUser,
    prompt: StoredPrompt,
    input: LookupSaveRequest,
  ): void {
    if (input.ID_User !== prompt.userId && input.ID_User !== user.id)
      throw forbidden(PROMPT_MESSAGES.keepsItsOwner);
    if (input.ID_Group !== prompt.groupId) throw badRequest(PROMPT_MESSAGES.cannotMoveGroup);
  }

  async function checkTypeInGroup(
    repository: PromptRepository,
    groupId: number,
    typeId: number,
  ): Promise<void> {
    if (!(await repository.findTypeInGroup(groupId, typeId))) throw badRequest(PROMPT_MESSAGES.unknownType);
  }

  /** The prompt the caller may change: another group's is 404 (unless administrator), someone else's 403. */
  async function changeablePrompt(repository: PromptRepository, user: AuthenticatedUser, id: number) {
    const prompt = await repository.findPrompt(id);
    if (!prompt || !canSeePrompt(user, prompt)) throw notFound(PROMPT_MESSAGES.promptNotFound);
    if (!canEditPrompt(user, prompt)) throw forbidden(PROMPT_MESSAGES.notAllowedToChange);
    return prompt;
  }

  async function savedAnswer(
    repository: PromptRepository,
    user: AuthenticatedUser,
    id: number,
    message: string,
  ): Promise<LookupSavedResponse> {
    const saved = await repository.findPrompt(id);
    if (!saved) throw notFound(PROMPT_MESSAGES.promptNotFound);
    return { message, lookup: lookupOf(user, saved) };
  }

  /** Holds the group's row until the transaction ends, so that two imports into one group run one after the other. */
  async function lockGroup(tx: Queryable, groupId: number): Promise<void> {
    await tx.query(`SELECT id FROM groups WHERE id = $1 FOR UPDATE`, [groupId]);
  }

  return {
    async listLookups(user: AuthenticatedUser, audit: RequestAudit): Promise<LookupListResponse> {
      const { groupId } = callerOf(user);
      const rows = await prompts.listPrompts(groupId);
      audit.describe({ details: { group_id: groupId, count: rows.length } });
      return { lookups: rows.map((prompt) => lookupOf(user, prompt)) };
    },

    async listLookupTypes(user: AuthenticatedUser, audit: RequestAudit): Promise<LookupTypeListResponse> {
      const { groupId } = callerOf(user);
      const lookupTypes = await prompts.listTypes(groupId);
      audit.describe({ details: { group_id: groupId, count: lookupTypes.length } });
      return { lookupTypes };
    },

    async createLookup(
      user: AuthenticatedUser,
      input: LookupSaveRequest,
      audit: RequestAudit,
    ): Promise<LookupSavedResponse> {
      const caller = callerOf(user, 'change');
      return db.transaction(async (tx) => {
        const repository = createPromptRepository(tx);
        const groupId = await checkedGroupOf(repository, caller, input);
        await checkTypeInGroup(repository, groupId, input.LookupType);
        const id = await repository.insertPrompt(
          {
            groupId,
            typeId: input.LookupType,
            userId: user.id,
            title: input.LookupTitle.trim(),
            text: input.LookupText,
          },
          clock(),
        );
        audit.describe({ details: { prompt_id: id, type_id: input.LookupType, group_id: groupId } });
        await audit.recordWithin(tx);
        return savedAnswer(repository, user, id, PROMPT_MESSAGES.added);
      });
    },

    /** Changes title, text and type; the prompt keeps its owner and its group, whoever edits it. */
    async updateLookup(
      user: AuthenticatedUser,
      id: number,
      input: LookupSaveRequest,
      audit: RequestAudit,
    ): Promise<LookupSavedResponse> {
      callerOf(user, 'change');
      audit.describe({ details: { prompt_id: id } });
      return db.transaction(async (tx) => {
        const repository = createPromptRepository(tx);
        const prompt = await changeablePrompt(repository, user, id);
        checkKeepsOwnership(user, prompt, input);
        await checkTypeInGroup(repository, prompt.groupId, input.LookupType);
        await repository.updatePrompt(
          id,
          { typeId: input.LookupType, title: input.LookupTitle.trim(), text: input.LookupText },
          clock(),
        );
        audit.describe({
          details: {
            group_id: prompt.groupId,
            owner_id: prompt.userId,
            editor_id: user.id,
            changes: {
              ...(prompt.title !== input.LookupTitle.trim() ? { title: true } : {}),
              ...(prompt.text !== input.LookupText ? { text: true } : {}),
              ...(prompt.typeId !== input.LookupType
                ? { type: { before: prompt.typeId, after: input.LookupType } }
                : {}),
            },
          },
        });
        await audit.recordWithin(tx);
        return savedAnswer(repository, user, id, PROMPT_MESSAGES.updated);
      });
    },

    async deleteLookup(user: AuthenticatedUser, id: number, audit: RequestAudit): Promise<MessageResponse> {
      callerOf(user, 'change');
      audit.describe({ details: { prompt_id: id } });
      return db.transaction(async (tx) => {
        const repository = createPromptRepository(tx);
        const prompt = await changeablePrompt(repository, user, id);
        await repository.deletePrompt(id);
        audit.describe({
          details: {
            group_id: prompt.groupId,
            owner_id: prompt.userId,
            editor_id: user.id,
            title: prompt.title,
          },
        });
        await audit.recordWithin(tx);
        return { message: PROMPT_MESSAGES.deleted };
      });
    },

    /** A new report type in the caller's group; a name the group already has (any case) is refused. */
    async createLookupType(
      user: AuthenticatedUser,
      input: LookupTypeCreateRequest,
      audit: RequestAudit,
    ): Promise<LookupTypeCreatedResponse> {
      const { groupId } = callerOf(user, 'change');
      const name = input.LookupTypeText.trim();
      const taken = () => new HttpError(409, PROMPT_MESSAGES.typeNameTaken);
      try {
        return await db.transaction(async (tx) => {
          const repository = createPromptRepository(tx);
          if (await repository.findTypeNamed(groupId, name)) throw taken();
          const lookupType = await repository.insertType(groupId, name, user.id, clock());
          audit.describe({ details: { type_id: lookupType.ID_LookupType, group_id: groupId, name } });
          await audit.recordWithin(tx);
          return { message: PROMPT_MESSAGES.typeCreated, lookupType };
        });
      } catch (error) {
        // A parallel request that created the same name first trips the unique index.
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    defaultsAvailable(user: AuthenticatedUser): DefaultsAvailableResponse {
      callerOf(user);
      return { available: defaults.lookupTypes.length > 0 };
    },

    listDefaultLookupTypes(user: AuthenticatedUser): DefaultLookupTypesResponse {
      callerOf(user);
      return { lookup_types: [...defaults.lookupTypes] };
    },

    listDefaultLookups(user: AuthenticatedUser): DefaultLookupsResponse {
      callerOf(user);
      return { lookups: [...defaults.lookups] };
    },

    /**
     * Copies the chosen default types and prompts into the caller's group, in one transaction. A chosen prompt
     * brings its type; a type the group already has by name is reused, and a prompt the group already has (same
     * type, same title in any case) is skipped, so importing twice changes nothing. Imported prompts are the
     * importer's, so that they can edit them.
     */
    async importDefaults(
      user: AuthenticatedUser,
      input: DefaultsImportRequest,
      audit: RequestAudit,
    ): Promise<DefaultsImportResponse> {
      const { groupId } = callerOf(user, 'change');
      const chosenTypeIds = new Set(input.lookupTypeIds);
      const chosenPromptIds = new Set(input.lookupIds);
      if (chosenTypeIds.size === 0 && chosenPromptIds.size === 0)
        throw badRequest(PROMPT_MESSAGES.nothingSelected);
      const unknownTypes = [...chosenTypeIds].filter(
        (id) => !defaults.lookupTypes.some((type) => type.ID_LookupType === id),
      );
      if (unknownTypes.length > 0) throw badRequest(PROMPT_MESSAGES.unknownDefaultTypes(unknownTypes));
      const unknownPrompts = [...chosenPromptIds].filter(
        (id) => !defaults.lookups.some((lookup) => lookup.ID_Lookup === id),
      );
      if (unknownPrompts.length > 0) throw badRequest(PROMPT_MESSAGES.unknownDefaultPrompts(unknownPrompts));

      const promptsToCopy = defaults.lookups.filter((lookup) => chosenPromptIds.has(lookup.ID_Lookup));
      const neededTypeIds = new Set([...chosenTypeIds, ...promptsToCopy.map((lookup) => lookup.LookupType)]);
      const typesToCopy = defaults.lookupTypes.filter((type) => neededTypeIds.has(type.ID_LookupType));

      return db.transaction(async (tx) => {
        await lockGroup(tx, groupId);
        const repository = createPromptRepository(tx);
        const now = clock();
        const counts = { importedTypes: 0, importedLookups: 0, skippedTypes: 0, skippedLookups: 0 };
        const groupTypeIdOf = new Map<number, number>();
        for (const type of typesToCopy) {
          const existing = await repository.findTypeNamed(groupId, type.LookupTypeText);
          if (existing) {
            counts.skippedTypes += 1;
            groupTypeIdOf.set(type.ID_LookupType, existing.ID_LookupType);
          } else {
            const created = await repository.insertType(groupId, type.LookupTypeText, user.id, now);
            counts.importedTypes += 1;
            groupTypeIdOf.set(type.ID_LookupType, created.ID_LookupType);
          }
        }
        for (const lookup of promptsToCopy) {
          const typeId = groupTypeIdOf.get(lookup.LookupType)!;
          if (await repository.hasPromptTitled(groupId, typeId, lookup.LookupTitle)) {
            counts.skippedLookups += 1;
            continue;
          }
          await repository.insertPrompt(
            { groupId, typeId, userId: user.id, title: lookup.LookupTitle, text: lookup.LookupText },
            now,
          );
          counts.importedLookups += 1;
        }
        audit.describe({
          details: {
            group_id: groupId,
            default_type_ids: [...chosenTypeIds],
            default_prompt_ids: [...chosenPromptIds],
            imported_types: counts.importedTypes,
            imported_lookups: counts.importedLookups,
            skipped_types: counts.skippedTypes,
            skipped_lookups: counts.skippedLookups,
          },
        });
        await audit.recordWithin(tx);
        return {
          message: PROMPT_MESSAGES.imported(counts),
          imported_types: counts.importedTypes,
          imported_lookups: counts.importedLookups,
          skipped_types: counts.skippedTypes,
          skipped_lookups: counts.skippedLookups,
        };
      });
    },
  };
}

export type PromptService = ReturnType<typeof createPromptService>;
