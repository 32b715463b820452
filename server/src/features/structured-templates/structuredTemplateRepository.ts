import type { Endpage, Frontpage, SectionContentType, TemplateSection } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { toIsoDateTime } from '../../db/toIsoDateTime.js';

export interface StoredTemplate {
  id: number;
  userId: number;
  groupId: number | null;
  templateName: string;
  description: string | null;
  isActive: boolean;
  frontpage: Frontpage;
  endpage: Endpage;
  createdAt: string;
  updatedAt: string;
  ownerName: string | null;
  sectionCount: number;
}

/** The template's own fields as a create or update stores them. */
export interface TemplateFields {
  templateName: string;
  description: string | null;
  isActive: boolean;
  frontpage: Frontpage;
  endpage: Endpage;
}

/** A section in the place it is to be stored; `keepId` names the stored section it replaces, if any. */
export interface SectionToStore {
  keepId: number | null;
  title: string;
  description: string;
  contentType: SectionContentType;
  /** 1 to n. */
  position: number;
  /** The position of its parent, which comes before it. */
  parentPosition: number | null;
}

interface TemplateRow {
  id: number;
  user_id: number;
  group_id: number | null;
  template_name: string;
  description: string | null;
  is_active: boolean;
  frontpage: Partial<Frontpage> | string;
  endpage: Partial<Endpage> | string;
  created_at: Date | string;
  updated_at: Date | string;
  owner_name: string | null;
  section_count: number;
}

interface SectionRow {
  id: number;
  parent_section_id: number | null;
  section_title: string;
  section_description: string;
  content_type: SectionContentType;
  order_in_sequence: number;
}

const TEMPLATE_SELECT = `
  SELECT t.id, t.user_id, t.group_id, t.template_name, t.description, t.is_active, t.frontpage, t.endpage,
         t.created_at, t.updated_at, u.name AS owner_name,
         (SELECT count(*)::int FROM structured_template_sections s WHERE s.template_id = t.id) AS section_count
    FROM structured_templates t
    LEFT JOIN users u ON u.id = t.user_id`;

const parsed = <T>(value: Partial<T> | string): Partial<T> =>
  typeof value === 'string' ? (JSON.parse(value) as Partial<T>) : value;

/** Only this server writes the jsonb columns; reading them field by field keeps the answers to the contract. */
function toFrontpage(value: Partial<Frontpage> | string): Frontpage {
  const stored = parsed<Frontpage>(value);
  return {
    title_text: stored.title_text ?? '',
    author_info: stored.author_info ?? '',
    include_patient_name: stored.include_patient_name ?? true,
    include_patient_dob: stored.include_patient_dob ?? true,
    include_patient_mrn: stored.include_patient_mrn ?? true,
    include_event_date: stored.include_event_date ?? true,
    include_report_date: stored.include_report_date ?? true,
  };
}

function toEndpage(value: Partial<Endpage> | string): Endpage {
  const stored = parsed<Endpage>(value);
  return { declaration_text: stored.declaration_text ?? '', signature_line: stored.signature_line ?? '' };
}

function toTemplate(row: TemplateRow): StoredTemplate {
  return {
    id: row.id,
    userId: row.user_id,
    groupId: row.group_id,
    templateName: row.template_name,
    description: row.description,
    isActive: row.is_active,
    frontpage: toFrontpage(row.frontpage),
    endpage: toEndpage(row.endpage),
    createdAt: toIsoDateTime(row.created_at) ?? '',
    updatedAt: toIsoDateTime(row.updated_at) ?? '',
    ownerName: row.owner_name,
    sectionCount: Number(row.section_count),
  };
}

function toSection(row: SectionRow): TemplateSection {
  return {
    ID_Section: row.id,
    section_title: row.section_title,
    section_description: row.section_description,
    content_type: row.content_type,
    parent_section_id: row.parent_section_id,
    order_in_sequence: row.order_in_sequence,
  };
}

/** Plain SQL over structured_templates and their sections. */
export function createStructuredTemplateRepository(db: Queryable) {
  return {
    /** The user's own templates and their group's, newest first. */
    async listVisible(userId: number, groupId: number | null): Promise<StoredTemplate[]> {
      const { rows } = await db.query<TemplateRow>(
        `${TEMPLATE_SELECT}
          WHERE t.user_id = $1 OR ($2::int IS NOT NULL AND t.group_id = $2::int)
          ORDER BY t.created_at DESC, t.id DESC`,
        [userId, groupId],
      );
      return rows.map(toTemplate);
    },

    async find(templateId: number): Promise<StoredTemplate | null> {
      const { rows } = await db.query<TemplateRow>(`${TEMPLATE_SELECT} WHERE t.id = $1`, [templateId]);
      return rows[0] ? toTemplate(rows[0]) : null;
    },

    /** Holds the template until the transaction ends, so two saves cannot interleave their sections. */
    async lock(templateId: number): Promise<boolean> {
      const { rows } = await db.query(`SELECT id FROM structured_templates WHERE id = $1 FOR UPDATE`, [
        templateId,
      ]);
      return rows.length > 0;
    },

    async sections(templateId: number): Promise<TemplateSection[]> {
      const { rows } = await db.query<SectionRow>(
        `SELECT id, parent_section_id, section_title, section_description, content_type, order_in_sequence
           FROM structured_template_sections
          WHERE template_id = $1
          ORDER BY order_in_sequence, id`,
        [templateId],
      );
      return rows.map(toSection);
    },

    async insert(owner: { userId: number; groupId: number | null }, fields: TemplateFields, at: Date) {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO structured_templates
           (user_id, group_id, template_name, description, is_active, frontpage, endpage, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::timestamptz, $8::timestamptz)
         RETURNING id`,
        [
          owner.userId,
          owner.groupId,
          fields.templateName,
          fields.description,
          fields.isActive,
          JSON.stringify(fields.frontpage),
          JSON.stringify(fields.endpage),
          at.toISOString(),
        ],
      );
      return rows[0]!.id;
    },

    async update(templateId: number, fields: TemplateFields, at: Date): Promise<void> {
      await db.query(
        `UPDATE structured_templates
            SET template_name = $2, description = $3, is_active = $4, frontpage = $5::jsonb, endpage = $6::jsonb,
                updated_at = $7::timestamptz
          WHERE id = $1`,
        [
          templateId,
          fields.templateName,
          fields.description,
          fields.isActive,
          JSON.stringify(fields.frontpage),
          JSON.stringify(fields.endpage),
          at.toISOString(),
        ],
      );
    },

    /**
     * Makes the template's sections exactly these: a section whose `keepId` is one of this template's stored
     * sections keeps its id (so links to it stay stable), the others are added, and stored sections not kept are
     * deleted. Parents come before their children, so each parent's id is known when its child is written.
     */
    async replaceSections(templateId: number, sections: readonly SectionToStore[]): Promise<void> {
      const { rows } = await db.query<{ id: number }>(
        `SELECT id FROM structured_template_sections WHERE template_id = $1`,
        [templateId],
      );
      const storedIds = new Set(rows.map((row) => row.id));
      const keptIds = new Set(
        sections.flatMap((section) =>
          section.keepId !== null && storedIds.has(section.keepId) ? [section.keepId] : [],
        ),
      );
      const removed = [...storedIds].filter((id) => !keptIds.has(id));
      if (removed.length > 0) {
        await db.query(
          `DELETE FROM structured_template_sections WHERE template_id = $1 AND id = ANY($2::int[])`,
          [templateId, removed],
        );
      }
      const idByPosition = new Map<number, number>();
      for (const section of sections) {
        const parentId =
          section.parentPosition === null ? null : (idByPosition.get(section.parentPosition) ?? null);
        const values = [section.title, section.description, section.contentType, section.position, parentId];
        if (section.keepId !== null && keptIds.has(section.keepId)) {
          await db.query(
            `UPDATE structured_template_sections
                SET section_title = $1, section_description = $2, content_type = $3, order_in_sequence = $4,
                    parent_section_id = $5
              WHERE id = $6 AND template_id = $7`,
            [...values, section.keepId, templateId],
          );
          idByPosition.set(section.position, section.keepId);
        } else {
          const inserted = await db.query<{ id: number }>(
            `INSERT INTO structured_template_sections
               (section_title, section_description, content_type, order_in_sequence, parent_section_id, template_id)
             VALUES ($1, $2, $3, $4, $5, $6)
             RETURNING id`,
            [...values, templateId],
          );
          idByPosition.set(section.position, inserted.rows[0]!.id);
        }
      }
    },

    /** Deletes the template; its sections go with it. */
    async delete(templateId: number): Promise<void> {
      await db.query(`DELETE FROM structured_templates WHERE id = $1`, [templateId]);
    },
  };
}
