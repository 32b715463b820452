import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Card, Spin, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { CaseOverview as CaseOverviewAnswer } from '@ewrt/contract';
import {
  checkRouteAccess,
  declaredRoutes,
  formatDate,
  getErrorMessage,
  patientLink,
  type Patient,
  type User,
} from '@ewrt/shared';
import { getCaseOverview } from '../api/patientsApi';

/** The area whose screens the overview links to (route keys are unique within an area). */
const DOCUMENTS_AREA = 'documents';
/** The overview is read with the records review's rights: shown where that screen is deployed and open to the user. */
const OVERVIEW_ROUTE = 'record-review';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function chronologyLine(chronology: CaseOverviewAnswer['chronology']): string {
  if (chronology.state === 'building') return 'Being built';
  if (chronology.state === 'failed') return 'The last build failed';
  if (chronology.state === 'none' || chronology.built_at === null) return 'Not built yet';
  const built = `Built ${formatDate(chronology.built_at)}`;
  return chronology.out_of_date ? `${built}, out of date: documents changed since` : `${built}, up to date`;
}

function bundleLine(bundle: CaseOverviewAnswer['bundle']): string {
  if (bundle.status === null) return 'Not made yet';
  if (bundle.status === 'pending' || bundle.status === 'running') return 'Being made';
  if (bundle.status !== 'completed') return 'The last bundle was not made';
  const made = `${plural(bundle.page_count ?? 0, 'page')}${bundle.completed_at ? `, made ${formatDate(bundle.completed_at)}` : ''}`;
  return bundle.out_of_date ? `${made}, out of date: documents changed since` : `${made}, up to date`;
}

function pagesLine(pages: CaseOverviewAnswer['pages']): string {
  const parts = [plural(pages.total, 'page')];
  if (pages.scanned > 0) {
    const checks = [`${pages.read_by_ocr} read by OCR`];
    if (pages.low_confidence > 0) checks.push(`${pages.low_confidence} to check against the original`);
    if (pages.unreadable > 0) checks.push(`${pages.unreadable} unreadable`);
    parts.push(`${plural(pages.scanned, 'scanned page')} (${checks.join(', ')})`);
  }
  return parts.join(', ');
}

function documentsLine(documents: CaseOverviewAnswer['documents']): string {
  const parts = [`${documents.processed} processed`];
  if (documents.processing > 0) parts.push(`${documents.processing} being processed`);
  if (documents.failed > 0) parts.push(`${documents.failed} failed`);
  return parts.join(', ');
}

/**
 * The patient's case at a glance: what the records hold (documents, pages, scans and their OCR, copies set aside)
 * and where each tool stands (chronology, bundle, open jobs), each linking to the screen that deals with it.
 */
export function CaseOverview({ user, patient }: { user: User | null; patient: Patient }) {
  const routes = declaredRoutes().filter((route) => route.remote.area === DOCUMENTS_AREA);
  const reviewRoute = routes.find((route) => route.key === OVERVIEW_ROUTE);
  const allowed = reviewRoute !== undefined && checkRouteAccess(reviewRoute, user, patient).allowed;
  const [overview, setOverview] = useState<CaseOverviewAnswer | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!allowed) return;
    const controller = new AbortController();
    getCaseOverview(patient.ID_Patient, controller.signal).then(setOverview, (failure: unknown) => {
      if (!controller.signal.aborted) setError(failure);
    });
    return () => controller.abort();
  }, [allowed, patient.ID_Patient]);

  if (!allowed) return null;

  /** A link to one of the declared screens the user may open for this patient, or nothing. */
  const linkTo = (key: string, label: string): ReactNode => {
    const route = routes.find((candidate) => candidate.key === key);
    if (!route || !checkRouteAccess(route, user, patient).allowed) return null;
    const href = patientLink(route.path, patient.ID_Patient, {
      patientQuery: route.actionCard?.patientQuery,
    });
    return <Link to={href}>{label}</Link>;
  };

  const rows: { term: string; value: string; link: ReactNode }[] = overview
    ? [
        {
          term: 'Documents',
          value: documentsLine(overview.documents),
          link: linkTo('documents-vectors', 'Review documents'),
        },
        {
          term: 'Pages',
          value: pagesLine(overview.pages),
          link: linkTo('documents-vectors', 'See pages read'),
        },
        {
          term: 'Copies set aside',
          value: String(overview.documents.set_aside),
          link: linkTo('record-review', 'Review copies and gaps'),
        },
        {
          term: 'Medical chronology',
          value: chronologyLine(overview.chronology),
          link: linkTo('chronology', 'Open the chronology'),
        },
        {
          term: 'Record bundle',
          value: bundleLine(overview.bundle),
          link: linkTo('record-bundle', 'Open the bundle'),
        },
        {
          term: 'Open jobs',
          value: overview.open_jobs === 0 ? 'None' : `${overview.open_jobs} waiting or running`,
          link: linkTo('patient-jobs', 'Open the job list'),
        },
      ]
    : [];

  return (
    <Card title={<span id="case-overview-title">Case overview</span>}>
      <section aria-labelledby="case-overview-title">
        {error !== null ? (
          <Alert
            type="error"
            showIcon
            title={getErrorMessage(error, 'The case overview could not be loaded.')}
          />
        ) : overview === null ? (
          <Spin description="Loading the case overview..." />
        ) : (
          <dl
            style={{
              margin: 0,
              display: 'grid',
              gridTemplateColumns: 'max-content 1fr max-content',
              gap: '8px 16px',
            }}
          >
            {rows.map((row) => (
              <div key={row.term} style={{ display: 'contents' }}>
                <dt>
                  <Typography.Text strong>{row.term}</Typography.Text>
                </dt>
                <dd style={{ margin: 0 }}>{row.value}</dd>
                <dd style={{ margin: 0 }}>{row.link}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </Card>
  );
}
