import type { ReactNode } from 'react';
import { Tag } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  MinusCircleOutlined,
  QuestionCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { jobStatusLabel } from './jobStatusLabel';

/** A tag's colours: text at least 4.5:1 on its background (antd's preset gold and green tags do not reach it). */
interface StatusColours {
  hue: 'green' | 'red' | 'blue' | 'gold' | 'grey';
  text: string;
  background: string;
  border: string;
}

/** Completed green, failed red, running blue, pending gold, cancelled grey (JOB-08). */
export const STATUS_COLOURS = {
  green: { hue: 'green', text: '#1f6b3d', background: '#e8f5ec', border: '#8cc9a3' },
  red: { hue: 'red', text: '#a11d12', background: '#fdecea', border: '#f0a39b' },
  blue: { hue: 'blue', text: '#175a78', background: '#e6f1f6', border: '#8fc3dc' },
  gold: { hue: 'gold', text: '#7a4a00', background: '#fff4d6', border: '#e0b34a' },
  grey: { hue: 'grey', text: '#4a5560', background: '#f0f2f4', border: '#b8c0c7' },
} as const satisfies Record<string, StatusColours>;

interface StatusPresentation {
  colours: StatusColours;
  icon: ReactNode;
}

const PRESENTATION: Record<string, StatusPresentation> = {
  pending: { colours: STATUS_COLOURS.gold, icon: <ClockCircleOutlined /> },
  running: { colours: STATUS_COLOURS.blue, icon: <SyncOutlined spin /> },
  completed: { colours: STATUS_COLOURS.green, icon: <CheckCircleOutlined /> },
  failed: { colours: STATUS_COLOURS.red, icon: <CloseCircleOutlined /> },
  cancelled: { colours: STATUS_COLOURS.grey, icon: <MinusCircleOutlined /> },
};

function presentationOf(status: string): StatusPresentation {
  return (
    PRESENTATION[status] ?? {
      colours: STATUS_COLOURS.grey,
      icon: <QuestionCircleOutlined />,
    }
  );
}

/** A job's status as a coloured tag with its icon and its name, so that colour is never the only cue. */
export function JobStatusTag({ status }: { status: string }) {
  const { colours, icon } = presentationOf(status);
  const label = jobStatusLabel(status);
  return (
    <Tag
      icon={icon}
      style={{ color: colours.text, background: colours.background, borderColor: colours.border }}
    >
      {label}
    </Tag>
  );
}
