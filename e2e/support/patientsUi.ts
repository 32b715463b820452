// The patient area as a person sees it: the search card, the add/edit modal, the dashboard.
import type { PatientInput } from '@ewrt/contract';
import type { Locator, Page } from '@playwright/test';

/** What a test puts into the patient form (dates yyyy-mm-dd, typed as dd/mm/yyyy). */
export type PatientFields = Pick<PatientInput, 'FirstName' | 'Surname' | 'DateOfBirth' | 'MRN'> & {
  Solicitorcompany?: string;
};

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();
}

export function patientSearchHeading(page: Page): Locator {
  return page.getByRole('heading', { name: 'Patient Search' });
}

export function simpleSearchBox(page: Page): Locator {
  return page.getByLabel('Search by name or MRN');
}

/** A patient in the simple search results: its name is the button that selects it. */
export function searchResult(page: Page, surname: string): Locator {
  return page
    .getByRole('list', { name: 'Search results' })
    .getByRole('button', { name: new RegExp(surname) });
}

/** The add/edit modal (one modal serves both). */
export function patientModal(page: Page): Locator {
  return page.getByRole('dialog').filter({ has: page.getByLabel(/first name/i) });
}

export function field(
  modal: Locator,
  name: 'FirstName' | 'Surname' | 'DateOfBirth' | 'MRN' | 'Solicitorcompany',
): Locator {
  const labels = {
    FirstName: /first name/i,
    Surname: /surname/i,
    DateOfBirth: /date of birth/i,
    MRN: /^mrn/i,
    Solicitorcompany: /solicitor company/i,
  } as const;
  return modal.getByLabel(labels[name]);
}

export function saveButton(modal: Locator): Locator {
  return modal.getByRole('button', { name: /^(Add Patient|Save Changes)$/ });
}

/** A yyyy-mm-dd date as a person types it into the product's date fields: dd/mm/yyyy. */
export function typedDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day ?? ''}/${month ?? ''}/${year ?? ''}`;
}

export async function fillPatientForm(modal: Locator, patient: Partial<PatientFields>): Promise<void> {
  if (patient.FirstName !== undefined) await field(modal, 'FirstName').fill(patient.FirstName);
  if (patient.Surname !== undefined) await field(modal, 'Surname').fill(patient.Surname);
  if (patient.DateOfBirth !== undefined)
    await field(modal, 'DateOfBirth').fill(typedDate(patient.DateOfBirth));
  if (patient.MRN !== undefined) await field(modal, 'MRN').fill(patient.MRN);
  if (patient.Solicitorcompany !== undefined)
    await field(modal, 'Solicitorcompany').fill(patient.Solicitorcompany);
}

/** Types a term into the simple search card. */
export async function searchFor(page: Page, term: string): Promise<void> {
  const box = simpleSearchBox(page);
  await box.fill('');
  await box.fill(term);
}

/** The search panel's answer when nothing matches (PAT-04). */
export function noResultsMessage(page: Page, term: string): Locator {
  return page.getByText(
    `No patients found matching "${term}". Try a different search term or add a new patient.`,
  );
}
