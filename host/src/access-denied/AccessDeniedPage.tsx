import { Button, Flex, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import './accessDenied.css';

export interface AccessDeniedPageProps {
  /** Whose level denied it: the user's access level or the selected patient's access level. */
  reason: 'user-level' | 'patient-level' | 'admin-only';
  levelLabel: string;
}

/** The message of SHELL-05: it names the level that does not permit the page. */
export function accessDeniedMessage({ reason, levelLabel }: AccessDeniedPageProps): string {
  return reason === 'patient-level'
    ? `The selected patient's access level (${levelLabel}) does not permit access to this page.`
    : `Your access level (${levelLabel}) does not permit access to this page.`;
}

/**
 * Access Denied (SHELL-05): the level, Go Back, and a way to Patient Search. A plain statement with a
 * lock, not an illustration: a clinician refused a page needs the reason and the way on, nothing more.
 */
export function AccessDeniedPage(props: AccessDeniedPageProps) {
  const navigate = useNavigate();
  return (
    <section className="access-denied" aria-labelledby="access-denied-title">
      <LockOutlined className="access-denied__icon" aria-hidden />
      <Typography.Title level={1} id="access-denied-title" className="access-denied__title">
        Access Denied
      </Typography.Title>
      <Typography.Paragraph className="access-denied__message">
        {accessDeniedMessage(props)}
      </Typography.Paragraph>
      <Flex gap="small" wrap justify="center">
        <Button onClick={() => navigate(-1)}>Go Back</Button>
        <Button type="primary" onClick={() => navigate('/patients')}>
          Go to Patient Search
        </Button>
      </Flex>
    </section>
  );
}
