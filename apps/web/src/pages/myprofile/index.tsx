import { Button, Card, Col, Descriptions, Form, Input, Row, Spin, Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { check, loginErrors, messages } from '@fp/contract';
import { ApiCallError, call } from '../../api/client';
import { qk } from '../../api/keys';
import { useSession } from '../../auth/session';
import { renderDateTime } from '../../components/format';
import { toast } from '../../components/toast';

type PasswordForm = { old_password: string; new_password: string };

/** /myprofile: my information and Change Password (product.md 2: a successful change logs the user out). */
export default function MyProfilePage() {
  const { clear } = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordForm>();
  // calls.md 8: no toast for user-info failures.
  const current = useQuery({
    queryKey: qk.other('users', 'current'),
    queryFn: () => call('franchiseUsers.current'),
    meta: { silent: true },
  });
  const change = useMutation({
    mutationFn: (v: PasswordForm) => call('auth.resetPassword', { body: v }),
    onSuccess: () => {
      toast.success('Change', 'Password');
      clear();
      navigate('/login', { replace: true });
    },
    onError: (e) => {
      // calls.md 8: wrong_old_password shows its Vietnamese text.
      const wrongOld = e instanceof ApiCallError && e.code === 'wrong_old_password';
      const msg = wrongOld ? loginErrors.wrong_old_password : e.message;
      const field = wrongOld ? 'old_password' : e instanceof ApiCallError ? e.errors[0]?.field : undefined;
      if (field === 'old_password' || field === 'new_password') form.setFields([{ name: field, errors: [msg] }]);
      toast.error(new Error(msg));
    },
  });
  const u = current.data;

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        My Profile
      </Typography.Title>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <Card title="My information">
            {current.isLoading ? (
              <Spin />
            ) : !u ? (
              <Typography.Paragraph type="secondary">
                Could not load your information.{' '}
                <Button type="link" onClick={() => void current.refetch()}>
                  Refresh Data
                </Button>
              </Typography.Paragraph>
            ) : (
              <Descriptions column={1} size="small">
                <Descriptions.Item label="Username">{u.username}</Descriptions.Item>
                <Descriptions.Item label="First Name">{u.firstname}</Descriptions.Item>
                <Descriptions.Item label="Last Name">{u.lastname}</Descriptions.Item>
                <Descriptions.Item label="Email">{u.email}</Descriptions.Item>
                <Descriptions.Item label="Role">{u.role?.name ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="Store">
                  {u.store ? [u.store.customer_no, u.store.name].filter(Boolean).join(' — ') : 'Head office'}
                </Descriptions.Item>
                <Descriptions.Item label="Device">{u.device_id ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="Active">
                  {u.is_active ? <Tag color="green">Yes</Tag> : <Tag color="red">No</Tag>}
                </Descriptions.Item>
                <Descriptions.Item label="Updated">{renderDateTime(u.updated_at)}</Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Change Password">
            <Form form={form} name="change-password" layout="vertical" onFinish={(v) => change.mutate(v)} requiredMark>
              <Form.Item
                name="old_password"
                label="Old Password"
                rules={[{ required: true, message: messages.required }]}
              >
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Form.Item
                name="new_password"
                label="New Password"
                rules={[
                  { required: true, message: messages.required },
                  {
                    validator: (_, v: string | undefined) =>
                      !v || check.password(v) ? Promise.resolve() : Promise.reject(new Error(messages.password)),
                  },
                ]}
                extra="You will be logged out and sign in again with the new password."
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" icon={<LockOutlined />} loading={change.isPending}>
                Change Password
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
