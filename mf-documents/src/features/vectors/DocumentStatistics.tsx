import { Card, Col, Row, Statistic } from 'antd';

export interface DocumentStatistic {
  key: string;
  title: string;
  /** Undefined while the listing loads: a dash shows. */
  value: string | number | undefined;
}

/** A listing's figures side by side, one card each. */
export function DocumentStatistics({ statistics }: { statistics: readonly DocumentStatistic[] }) {
  return (
    <Row gutter={[16, 16]}>
      {statistics.map(({ key, title, value }) => (
        <Col key={key} xs={24} sm={24 / statistics.length}>
          <Card>
            <Statistic title={title} value={value ?? '–'} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
