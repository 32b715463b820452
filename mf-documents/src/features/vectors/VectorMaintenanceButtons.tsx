import { Button } from 'antd';
import { FileTextOutlined, SyncOutlined } from '@ant-design/icons';
import type { PatientDocument } from '@ewrt/contract';
import type { DocumentActions } from './useDocumentActions';

interface VectorMaintenanceButtonsProps {
  actions: Pick<DocumentActions, 'rebuild' | 'rebuilding' | 'downloadFileList' | 'listing'>;
  documents: readonly PatientDocument[];
}

/** Rebuild Vectors and Download File List, for a screen's action bar. */
export function VectorMaintenanceButtons({ actions, documents }: VectorMaintenanceButtonsProps) {
  return (
    <>
      <Button icon={<SyncOutlined />} loading={actions.rebuilding} onClick={() => void actions.rebuild()}>
        Rebuild Vectors
      </Button>
      <Button
        icon={<FileTextOutlined />}
        loading={actions.listing}
        onClick={() => void actions.downloadFileList(documents)}
      >
        Download File List
      </Button>
    </>
  );
}
