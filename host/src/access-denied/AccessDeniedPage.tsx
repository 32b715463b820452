import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

export interface AccessDeniedPageProps {
  /** Whose level denied it: the user's access level or the selected patient's access level. */
  reason: 'user-level' | 'patient-level' | 'admin-only';
  levelLabel: string;
}

/** The message of part 1 §2.8: it names the level that does not permit the page. */
export function accessDeniedMessage({ reason, levelLabel }: AccessDeniedPageProps): string {
  return reason === 'patient-level'
    ? `The selected patient's access level (${levelLabel}) does not permit access to this page.`
    : `Your access level (${levelLabel}) does not permit access to this page.`;
}

/** Access Denied (part 1 §2.8): the level, Go Back, and a way to Patient Search. */
export function AccessDeniedPage(props: AccessDeniedPageProps) {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="Access Denied"
      subTitle={accessDeniedMessage(props)}
      extra={[
        <Button key="back" onClick={() => navigate(-1)}>
          Go Back
        </Button>,
        <Button key="patients" type="primary" onClick={() => navigate('/patients')}>
          Go to Patient Search
        </Button>,
      ]}
    />
  );
}
