import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@ewrt/shared';

/** A patient screen opened with no patient selected (SHELL-05, 'Route not allowed'). */
export function NoPatientSelectedPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={MESSAGES.noPatientSelected}
      extra={
        <Button type="primary" onClick={() => navigate('/patients')}>
          Go to Patient Search
        </Button>
      }
    />
  );
}
