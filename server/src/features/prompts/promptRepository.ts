import type { LookupType } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { toIsoDateTime } from '../../db/toIsoDateTime.js';
import type { PromptOwnership } from './promptPermissions.js';

/** A prompt as stored, with its owner's name; `can_edit` is the service's to decide. */
export interface StoredPrompt extends PromptOwnership {
  id: number;
  typeId: number;
  title: string;
  text: string;
  ownerName: string | null;
  createdAt: string;
}

export interface PromptFields {
  groupId: number;
  typeId: number;
  userId: number;
  title: string;
  text: string;
}

interface PromptRow {
  id: number;
  group_id: number;
  type_id: number;
  user_id: number | null;
  title: string;
  text: string;
  owner_name: string | null;
  created_at: Date | string;
}

const PROMPT_SELECT = `
  SELECT l.id, l.group_id, l.type_id, l.user_id, l.title, l.text, u.name AS owner_name, l.created_at
    FROM lookups l
    LEFT JOIN users u ON u.id = l.user_id`;

function promptOf(row: PromptRow): StoredPrompt {
  return {
    id: row.id,
    groupId: row.group_id,
    typeId: row.type_id,
    userId: row.user_id,
    title: row.title,
    text: row.text,
    ownerName: row.owner_name,
    createdAt: toIsoDateTime(row.created_at) ?? new Date(0).toISOString(),
  };
}

const typeOf = (row: { id: number; name: string }): LookupType => ({
  ID_LookupType: row.id,
  LookupTypeText: row.name,
});

/** The report types and prompts, kept per group (migration 9: lookup_types, lookups). */
export function createPromptRepository(db: Queryable) {
  return {
    /** The group's prompts, by type name, then title. */
    async listPrompts(groupId: number): Promise<StoredPrompt[]> {
      const { rows } = await db.query<PromptRow>(
        `${PROMPT_SELECT}
           JOIN lookup_types t ON t.id = l.type_id
          WHERE l.group_id = $1
          ORDER BY lower(t.name), t.id, lower(l.title), l.id`,
        [groupId],
      );
      return rows.map(promptOf);
    },

    async findPrompt(id: number): Promise<StoredPrompt | null> {
      const { rows } = await db.query<PromptRow>(`${PROMPT_SELECT} WHERE l.id = $1`, [id]);
      return rows[0] ? promptOf(rows[0]) : null;
    },

    async insertPrompt(fields: PromptFields, now: Date): Promise<number> {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO lookups (group_id, type_id, user_id, title, text, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
        [fields.groupId, fields.typeId, fields.userId, fields.title, fields.text, now.toISOString()],
      );
      return rows[0]!.id;
    },

    /** Changes type, title and text; the group and the owner stay as they are. */
    async updatePrompt(
      id: number,
      fields: Pick<PromptFields, 'typeId' | 'title' | 'text'>,
      now: Date,
    ): Promise<void> {
      await db.query(
        `UPDATE lookups SET type_id = $2, title = $3, text = $4, updated_at = $5 WHERE id = $1`,
        [id, fields.typeId, fields.title, fields.text, now.toISOString()],
      );
    },

    async deletePrompt(id: number): Promise<void> {
      await db.query(`DELETE FROM lookups WHERE id = $1`, [id]);
    },

    /** Whether the group has a prompt of this type with this title (case-insensitive, trimmed). */
    async hasPromptTitled(groupId: number, typeId: number, title: string): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM lookups WHERE group_id = $1 AND type_id = $2 AND lower(btrim(title)) = lower(btrim($3))`,
        [groupId, typeId, title],
      );
      return rows.length > 0;
    },

    /** The group's report types, by name. */
    async listTypes(groupId: number): Promise<LookupType[]> {
      const { rows } = await db.query<{ id: number; name: string }>(
        `SELECT id, name FROM lookup_types WHERE group_id = $1 ORDER BY lower(name), id`,
        [groupId],
      );
      return rows.map(typeOf);
    },

    /** The group's type of this id, or null when there is none in that group. */
    async findTypeInGroup(groupId: number, typeId: number): Promise<LookupType | null> {
      const { rows } = await db.query<{ id: number; name: string }>(
        `SELECT id, name FROM lookup_types WHERE group_id = $1 AND id = $2`,
        [groupId, typeId],
      );
      return rows[0] ? typeOf(rows[0]) : null;
    },

    /** The group's type of this name (case-insensitive, trimmed), or null. */
    async findTypeNamed(groupId: number, name: string): Promise<LookupType | null> {
      const { rows } = await db.query<{ id: number; name: string }>(
        `SELECT id, name FROM lookup_types WHERE group_id = $1 AND lower(btrim(name)) = lower(btrim($2))`,
        [groupId, name],
      );
      return rows[0] ? typeOf(rows[0]) : null;
    },

    async insertType(groupId: number, name: string, createdBy: number, now: Date): Promise<LookupType> {
      const { rows } = await db.query<{ id: number; name: string }>(
        `INSERT INTO lookup_types (group_id, name, created_by, created_at) VALUES ($1, $2, $3, $4)
         RETURNING id, name`,
        [groupId, name, createdBy, now.toISOString()],
      );
      return typeOf(rows[0]!);
    },

    async groupExists(groupId: number): Promise<boolean> {
      const { rows } = await db.query(`SELECT 1 FROM groups WHERE id = $1`, [groupId]);
      return rows.length > 0;
    },
  };
}

export type PromptRepository = ReturnType<typeof createPromptRepository>;
