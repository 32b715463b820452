import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

/** A patient screen opened at an address without a patient id: the way back is Patient Search. */
export function NoPatientInAddress() {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title="This address does not name a patient"
      extra={
        <Button type="primary" onClick={() => navigate('/patients')}>
          Patient Search
        </Button>
      }
    />
  );
}
