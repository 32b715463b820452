import type { CSSProperties, ReactNode } from 'react';
import { Tag } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  MinusCircleOutlined,
  QuestionCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { JobStatus } from '@ewrt/contract';

/** A job's status, or one of its steps' (which may also be skipped). */
type KnownStatus = JobStatus | 'skipped';

/** A tag's colours: text at least 4.5:1 on its background (antd's preset gold and green tags do not reach it). */
export interface StatusColours {
  hue: 'green' | 'red' | 'blue' | 'gold' | 'grey';
  text: string;
  background: string;
  border: string;
}

/** Completed green, failed red, running blue, pending gold, cancelled grey (JOB-02). */
export const STATUS_COLOURS = {
  green: { hue: 'green', text: '#1f6b3d', background: '#e8f5ec', border: '#8cc9a3' },
  red: { hue: 'red', text: '#a11d12', background: '#fdecea', border: '#f0a39b' },
  blue: { hue: 'blue', text: '#175a78', background: '#e6f1f6', border: '#8fc3dc' },
  gold: { hue: 'gold', text: '#7a4a00', background: '#fff4d6', border: '#e0b34a' },
  grey: { hue: 'grey', text: '#4a5560', background: '#f0f2f4', border: '#b8c0c7' },
} as const satisfies Record<string, StatusColours>;

interface StatusPresentation {
  label: string;
  colours: StatusColours;
  icon: ReactNode;
}

const PRESENTATION: Record<KnownStatus, StatusPresentation> = {
  pending: { label: 'Pending', colours: STATUS_COLOURS.gold, icon: <ClockCircleOutlined /> },
  running: { label: 'Running', colours: STATUS_COLOURS.blue, icon: <SyncOutlined spin /> },
  completed: { label: 'Completed', colours: STATUS_COLOURS.green, icon: <CheckCircleOutlined /> },
  failed: { label: 'Failed', colours: STATUS_COLOURS.red, icon: <CloseCircleOutlined /> },
  cancelled: { label: 'Cancelled', colours: STATUS_COLOURS.grey, icon: <MinusCircleOutlined /> },
  skipped: { label: 'Skipped', colours: STATUS_COLOURS.grey, icon: <MinusCircleOutlined /> },
};

/** The contract types a status as a string; one this screen does not know is shown by name, in grey. */
function presentationOf(status: string): StatusPresentation {
  return (
    PRESENTATION[status as KnownStatus] ?? {
      label: status.charAt(0).toUpperCase() + status.slice(1),
      colours: STATUS_COLOURS.grey,
      icon: <QuestionCircleOutlined />,
    }
  );
}

export function jobStatusLabel(status: string): string {
  return presentationOf(status).label;
}

/** A tag in these colours. */
export function tagStyle(colours: StatusColours): CSSProperties {
  return { color: colours.text, background: colours.background, borderColor: colours.border };
}

/** A job's (or step's) status as a coloured tag with its icon and its name, so that colour is never the only cue. */
export function JobStatusTag({ status }: { status: string }) {
  const { label, colours, icon } = presentationOf(status);
  return (
    <Tag icon={icon} style={tagStyle(colours)}>
      {label}
    </Tag>
  );
}
