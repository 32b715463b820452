import { Card, Typography } from 'antd';
import { useSession } from '@ewrt/shared';
import { areaLabel } from '../../routes';

/** The first screen of the __LABEL__ area: who is signed in, as the server reported at sign-in. */
export function __PAGE__() {
  const { user } = useSession();
  return (
    <main style={{ padding: 24 }}>
      <Typography.Title level={1}>{areaLabel}</Typography.Title>
      <Card>
        <Typography.Paragraph>
          Signed in as {user?.Name ?? 'nobody'}
          {user?.Group_Name ? ` (${user.Group_Name})` : ''}.
        </Typography.Paragraph>
      </Card>
    </main>
  );
}
