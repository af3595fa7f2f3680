import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { pages } from '@fp/contract/web';
import { canAccess, useSession } from '../../auth/session';

export default function HomePage() {
  const { me } = useSession();
  const open = pages.filter((p) => p.menu && p.available && (!p.adminOnly || me?.is_admin) && canAccess(me, p.url, 'view'));
  const name = [me?.user.firstname, me?.user.lastname].filter(Boolean).join(' ') || me?.user.username;
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Xin chào, {name}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {me?.role?.name ?? 'No role'}
        {me?.franchise_code ? ` · Store ${me.franchise_code}` : ' · Head office'}
      </Typography.Paragraph>
      {open.length === 0 ? (
        <Typography.Paragraph>You have no pages yet. Ask an administrator for a page permission.</Typography.Paragraph>
      ) : (
        <Row gutter={[16, 16]}>
          {open.map((p) => (
            <Col key={p.url} xs={24} sm={12} md={8} lg={6}>
              <Link to={p.url}>
                <Card hoverable size="small" title={p.name}>
                  <Typography.Text type="secondary">{p.group}</Typography.Text>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
