import { useId, useState } from 'react';
import { Alert, App, Button, Card, Col, Flex, Input, Row, Statistic, Typography } from 'antd';
import {
  CloudUploadOutlined,
  DashboardOutlined,
  FileTextOutlined,
  ReloadOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import type { PatientDocument } from '@ewrt/contract';
import { formatFileSize, getErrorMessage } from '@ewrt/shared';
import { downloadFromLink, SectionCard, useRequestedPatient } from '@ewrt/shared/kit';
import { totalDocumentBytes } from '../api/totalDocumentBytes';
import { getDocumentDownload } from '../api/documentsApi';
import { downloadDocumentFileList } from '../api/downloadDocumentFileList';
import { patientName } from '../process/patientName';
import { usePatientDocuments } from '../vectors/usePatientDocuments';
import { PatientRequiredView } from '../page-layout/PatientRequiredView';
import { DocumentsTable } from './DocumentsTable';
import { filterDocuments } from './filterDocuments';
import { SEARCH_MESSAGES } from './searchMessages';

/** /documents/search: find, filter and download the selected patient's processed documents. */
export function DocumentSearchPage() {
  const requested = useRequestedPatient();
  const { patient } = requested;

  if (!patient)
    return <PatientRequiredView title="Document Search" requested={requested} messages={SEARCH_MESSAGES} />;
  return (
    <PatientDocumentSearch
      patientId={patient.ID_Patient}
      title={`${patientName(patient)} · MRN ${patient.MRN}`}
    />
  );
}

function PatientDocumentSearch({ patientId, title }: { patientId: number; title: string }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { state, reload } = usePatientDocuments(patientId);
  const listing = state.status === 'failed' ? null : state.listing;
  const loading = state.status === 'loading';
  const loadError =
    state.status === 'failed' ? getErrorMessage(state.error, SEARCH_MESSAGES.loadDocumentsFailed) : null;
  const [filterText, setFilterText] = useState('');
  const [downloadingKey, setDownloadingKey] = useState<string | null>(null);
  const [generatingList, setGeneratingList] = useState(false);
  const filterId = useId();

  const all = listing?.documents ?? [];
  const filtered = filterDocuments(all, filterText);
  const totalBytes = totalDocumentBytes(all);

  const download = async (document: PatientDocument) => {
    setDownloadingKey(document.s3_key);
    try {
      const link = await getDocumentDownload(patientId, document.s3_key);
      downloadFromLink(link.download_url, link.filename || document.filename);
    } catch (error) {
      void message.error(getErrorMessage(error, SEARCH_MESSAGES.downloadFailed));
    } finally {
      setDownloadingKey(null);
    }
  };

  const downloadFileList = async () => {
    if (filtered.length === 0) {
      void message.warning(SEARCH_MESSAGES.nothingToList);
      return;
    }
    setGeneratingList(true);
    try {
      await downloadDocumentFileList(patientId, filtered);
    } catch (error) {
      void message.error(getErrorMessage(error, SEARCH_MESSAGES.fileListFailed));
    } finally {
      setGeneratingList(false);
    }
  };

  return (
    <div style={{ padding: 24 }}>
      <Typography.Title level={2} style={{ marginTop: 0, marginBottom: 0 }}>
        Document Search
      </Typography.Title>
      <Typography.Paragraph type="secondary">Selected patient: {title}</Typography.Paragraph>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={18}>
          <Flex vertical gap="large">
            <Card>
              <Flex gap="large" wrap aria-live="polite">
                <Statistic title="Total documents" value={listing?.total_documents ?? 0} />
                <Statistic title="Filtered results" value={filtered.length} />
                <Statistic title="Total size" value={formatFileSize(totalBytes)} />
              </Flex>
            </Card>
            <SectionCard title="Documents">
              <Flex vertical gap="middle">
                {loadError && (
                  <Alert
                    type="error"
                    showIcon
                    title={loadError}
                    action={<Button onClick={reload}>Retry</Button>}
                  />
                )}
                <div>
                  <label htmlFor={filterId}>
                    <Typography.Text>Filter by filename or process ID</Typography.Text>
                  </label>
                  <Input
                    id={filterId}
                    allowClear
                    prefix={<SearchOutlined aria-hidden />}
                    placeholder="Filename or process ID"
                    value={filterText}
                    onChange={(event) => setFilterText(event.target.value)}
                    style={{ marginTop: 4 }}
                  />
                </div>
                <DocumentsTable
                  documents={filtered}
                  loading={loading}
                  downloadingKey={downloadingKey}
                  onDownload={(document) => void download(document)}
                />
              </Flex>
            </SectionCard>
          </Flex>
        </Col>
        <Col xs={24} xl={6}>
          <Card>
            <Flex vertical gap="small">
              <Button
                type="primary"
                icon={<CloudUploadOutlined />}
                onClick={() => navigate(`/documents/process?patientId=${patientId}`)}
                block
              >
                Process Documents
              </Button>
              <Button icon={<ReloadOutlined />} onClick={reload} loading={loading} block>
                Refresh
              </Button>
              <Button
                icon={<FileTextOutlined />}
                onClick={() => void downloadFileList()}
                loading={generatingList}
                block
              >
                Generate File List
              </Button>
              <Button
                icon={<DashboardOutlined />}
                onClick={() => navigate(`/patients/${patientId}/dashboard`)}
                block
              >
                Dashboard
              </Button>
              <Button icon={<SearchOutlined />} onClick={() => navigate('/patients')} block>
                Patient Search
              </Button>
            </Flex>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
