import { Button, Flex, Typography } from 'antd';
import {
  ClearOutlined,
  CloudDownloadOutlined,
  DownloadOutlined,
  SettingOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { SectionCard } from '@ewrt/shared/kit';
import { MUTED_TEXT } from './draftReportStyles';

interface DraftReportActionsProps {
  /** The user has 'advanced-tools': sets report types up and imports the defaults. */
  canSetUpReports: boolean;
  /** The group's report types are known and there are none. */
  noReportTypes: boolean;
  /** Defaults are available to import (and the previous two hold). */
  canImportDefaults: boolean;
  canDownloadReport: boolean;
  onImportDefaults: () => void;
  onDownloadReport: () => void;
  onClearView: () => void;
}

/** The sidebar's actions: set up or import report types, download the shown report, clear it, change patient. */
export function DraftReportActions({
  canSetUpReports,
  noReportTypes,
  canImportDefaults,
  canDownloadReport,
  onImportDefaults,
  onDownloadReport,
  onClearView,
}: DraftReportActionsProps) {
  const navigate = useNavigate();
  return (
    <SectionCard title="Actions">
      <Flex vertical gap="small">
        {canImportDefaults ? (
          <Button type="primary" icon={<CloudDownloadOutlined aria-hidden />} onClick={onImportDefaults}>
            Import Defaults
          </Button>
        ) : null}
        {canSetUpReports ? (
          <Button icon={<SettingOutlined aria-hidden />} onClick={() => navigate('/prompt-edit')}>
            {noReportTypes ? 'Set Up Draft Reports' : 'Create Custom'}
          </Button>
        ) : null}
        {!canSetUpReports && noReportTypes ? (
          <Typography.Text style={MUTED_TEXT}>
            Report types are set up by a colleague with the advanced tools (Full Access).
          </Typography.Text>
        ) : null}
        <Button
          icon={<DownloadOutlined aria-hidden />}
          disabled={!canDownloadReport}
          onClick={onDownloadReport}
        >
          Download Report
        </Button>
        <Button icon={<ClearOutlined aria-hidden />} onClick={onClearView}>
          Clear View
        </Button>
        <Button icon={<UserSwitchOutlined aria-hidden />} onClick={() => navigate('/patients')}>
          Change Patient
        </Button>
      </Flex>
    </SectionCard>
  );
}
