import { lazy, Suspense, useState } from 'react';
import { Button, Card, Col, Flex, Result, Row, Spin, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router-dom';
import type { ManagedUser } from '@ewrt/contract';
import { useSession } from '@ewrt/shared';
import { refreshSignedInUser } from '../session/refreshSignedInUser';
import { UserAccountFacts, UserIdentityFacts } from '../user-info/UserFacts';
import { dashboardActionCards, type DashboardActionCard } from './dashboardActionCards';
import { MyProfileModal } from './MyProfileModal';
import { useDashboardUser } from './useDashboardUser';

// Only administrators see the server's readiness: nobody else downloads it.
const ServerReadinessCard = lazy(() =>
  import('../server-readiness/ServerReadinessCard').then((module) => ({
    default: module.ServerReadinessCard,
  })),
);

/** /users/dashboard/:userId?: a user's information and account, and the actions open to the viewer. */
export function UserDashboardPage() {
  const { userId } = useParams();
  const navigate = useNavigate();
  const { user: viewer } = useSession();
  const { state, ownDashboard, replace } = useDashboardUser(viewer, userId);
  const [editingProfile, setEditingProfile] = useState(false);

  if (state.status === 'failed') {
    return (
      <Result
        status="warning"
        title="User Dashboard"
        subTitle={<span role="alert">{state.message}</span>}
        extra={
          <Button type="primary" onClick={() => navigate('/users/dashboard')}>
            My Dashboard
          </Button>
        }
      />
    );
  }
  if (state.status === 'loading') {
    return (
      <Flex justify="center" align="center" style={{ minHeight: 320 }}>
        <Spin size="large" description="Loading user..." />
      </Flex>
    );
  }

  const { user } = state;
  const cards = dashboardActionCards(viewer, { ownDashboard });
  const saved = (savedUser: ManagedUser) => {
    setEditingProfile(false);
    replace(savedUser);
    refreshSignedInUser(savedUser);
  };
  const open = (card: DashboardActionCard) => {
    if (card.href) navigate(card.href);
    else setEditingProfile(true);
  };

  return (
    <div style={{ padding: 24 }}>
      <Flex vertical gap="large">
        <div>
          <Typography.Title level={1} style={{ margin: 0 }}>
            {user.Name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {ownDashboard ? 'My dashboard' : 'User dashboard'}
          </Typography.Text>
        </div>
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={12}>
            <Card
              title={
                <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
                  User Information
                </Typography.Title>
              }
            >
              <UserIdentityFacts user={user} />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card
              title={
                <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
                  Account Information
                </Typography.Title>
              }
            >
              <UserAccountFacts user={user} />
            </Card>
          </Col>
        </Row>
        {cards.length > 0 && (
          <section aria-labelledby="user-dashboard-actions">
            <Typography.Title level={2} id="user-dashboard-actions" style={{ fontSize: 20 }}>
              Actions
            </Typography.Title>
            <Row gutter={[16, 16]} role="list" aria-label="Dashboard actions">
              {cards.map((card) => (
                <Col key={card.key} xs={24} md={12} xxl={8} role="listitem">
                  <Card
                    style={{ height: '100%' }}
                    styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column' } }}
                  >
                    <Typography.Title level={3} style={{ marginTop: 0, fontSize: 17 }}>
                      {card.title}
                    </Typography.Title>
                    <Typography.Paragraph type="secondary" style={{ flex: 1 }}>
                      {card.description}
                    </Typography.Paragraph>
                    <Button type="primary" aria-label={`Open ${card.title}`} onClick={() => open(card)}>
                      Open
                    </Button>
                  </Card>
                </Col>
              ))}
            </Row>
          </section>
        )}
        {ownDashboard && viewer?.Administrator === 'yes' && (
          <Suspense fallback={<Spin description="Checking the server..." />}>
            <ServerReadinessCard />
          </Suspense>
        )}
      </Flex>
      {ownDashboard && (
        <MyProfileModal
          open={editingProfile}
          user={user}
          onCancel={() => setEditingProfile(false)}
          onSaved={saved}
        />
      )}
    </div>
  );
}
