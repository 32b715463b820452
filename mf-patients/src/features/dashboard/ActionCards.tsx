import { Button, Card, Col, Empty, Row, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { checkRouteAccess, patientFeatures, type Patient, type User } from '@ewrt/shared';
import { ACTION_CARD_DEFINITIONS } from './actionCardDefinitions';

interface ActionCardsProps {
  user: User | null;
  patient: Patient;
}

function pathOf(target: string): string {
  return target.split('?')[0] ?? target;
}

/** The patient's actions: those of the patient's feature list that the user's level also allows. */
export function ActionCards({ user, patient }: ActionCardsProps) {
  const navigate = useNavigate();
  const features = patientFeatures(user, patient);
  const cards = ACTION_CARD_DEFINITIONS.filter(
    (card) =>
      features.includes(card.feature) &&
      checkRouteAccess(pathOf(card.target(patient.ID_Patient)), user, patient).allowed,
  );

  if (cards.length === 0) {
    return (
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="No actions are available for this patient at your access level."
        />
      </Card>
    );
  }

  return (
    <Row gutter={[16, 16]} role="list" aria-label="Patient actions">
      {cards.map((card) => (
        <Col key={card.feature} xs={24} md={12} xxl={8} role="listitem">
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
            <Button
              type="primary"
              aria-label={`Access ${card.title}`}
              onClick={() => navigate(card.target(patient.ID_Patient))}
            >
              Access
            </Button>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
