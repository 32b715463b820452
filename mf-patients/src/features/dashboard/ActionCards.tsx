import { Button, Card, Col, Empty, Row, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import {
  checkRouteAccess,
  declaredRoutes,
  patientFeatures,
  patientLink,
  type ActionCardEntry,
  type DeclaredRoute,
  type Patient,
  type User,
} from '@ewrt/shared';

interface ActionCardsProps {
  user: User | null;
  patient: Patient;
}

interface ActionCard extends ActionCardEntry {
  href: string;
}

/**
 * The cards the deployed remotes declare (their routes' `actionCard`, from the runtime configuration)
 * that the patient's feature list shows and the access rules allow, in their declared order.
 */
function visibleActionCards(
  user: User | null,
  patient: Patient,
  routes: readonly DeclaredRoute[] = declaredRoutes(),
): ActionCard[] {
  const features = patientFeatures(user, patient);
  return routes
    .flatMap((route) => {
      const card = route.actionCard;
      if (!card || !features.includes(card.patientFeature)) return [];
      if (!checkRouteAccess(route, user, patient).allowed) return [];
      const href = patientLink(route.path, patient.ID_Patient, { patientQuery: card.patientQuery });
      return [{ ...card, href }];
    })
    .sort((a, b) => a.order - b.order);
}

/** The patient's actions: those of the patient's feature list that the user's level also allows. */
export function ActionCards({ user, patient }: ActionCardsProps) {
  const navigate = useNavigate();
  const routes = declaredRoutes();
  const cards = visibleActionCards(user, patient, routes);

  if (cards.length === 0) {
    // Blaming the access level is only true when some deployed area offers an action at all.
    const anyDeployed = routes.some((route) => route.actionCard);
    return (
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            anyDeployed
              ? 'No actions are available for this patient at your access level.'
              : 'No patient actions are available on this site yet: the areas that offer them are not deployed.'
          }
        />
      </Card>
    );
  }

  return (
    <Row gutter={[16, 16]} role="list" aria-label="Patient actions">
      {cards.map((card) => (
        <Col key={card.href} xs={24} md={12} xxl={8} role="listitem">
          <Card
            style={{ height: '100%' }}
            styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column' } }}
          >
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {card.title}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ flex: 1 }}>
              {card.description}
            </Typography.Paragraph>
            {/* The button names its tool: a row of identical "Access" buttons says nothing. */}
            <Button type="primary" onClick={() => navigate(card.href)}>
              Open {card.title}
            </Button>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
