import { useMemo, useState, type ReactNode } from 'react';
import { Layout, Menu, Dropdown, Button, Space, theme } from 'antd';
import { LogoutOutlined, UserOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { displayName, pages } from '@fp/contract/web';
import type { MenuGroup } from '@fp/contract';
import { canAccess, useSession } from '../auth/session';
import { handle } from '../components/handle';
import { allTexts } from '../i18n';

const groupOrder: MenuGroup[] = [
  'Sales',
  'Purchasing',
  'Consignment',
  'Stock',
  'Money',
  'Customers',
  'Catalogue',
  'Franchise',
  'Reports',
  'Tablet',
  'Administration',
];

/** Below this window width the sidebar starts collapsed (tablets, 1024 px laptops). */
const SIDEBAR_MIN_WIDTH = 1200;

/** The signed-in shell: side menu and header with the user menu. Loaded with the first signed-in page, never by
 * /login (see shell/App.tsx). */
export default function DefaultLayout({ children }: { children: ReactNode }) {
  const { me, logout } = useSession();
  const { t } = useTranslation();
  /** Whether to log out: asked only when sales made offline wait on this device (the outbox loads lazily). */
  const confirmUnsent = async () => {
    if (!canAccess(me, '/counter', 'edit')) return true;
    const count = await import('../pages/counter/offline/outbox').then((m) => m.unsentCount()).catch(() => 0);
    if (!count) return true;
    // The shell has no antd App around it (screens bring theirs: shell/PageApp.tsx), so the confirmation is antd's
    // static Modal, loaded only when sales wait.
    const [{ default: Modal }] = await Promise.all([import('antd/es/modal'), allTexts()]);
    return new Promise<boolean>((resolve) =>
      Modal.confirm({
        title: t('offline.logoutTitle'),
        content: t('offline.logoutText', { count }),
        okText: t('offline.logoutOk'),
        cancelText: t('offline.logoutCancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
  };
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const isTablet = location.pathname.startsWith('/tablet') || location.pathname === '/tabletItemPrice';
  // Tablets and windows of tablet width (below 1200 px, antd's xl) start with the menu closed and close it when the
  // window narrows (useBreakpoint is empty on the first render).
  const [collapsed, setCollapsed] = useState(isTablet || window.innerWidth < SIDEBAR_MIN_WIDTH);

  // The menu shows only what the user may open (issue 2); the server still refuses the rest.
  const items = useMemo(() => {
    return groupOrder
      .map((group) => {
        const children = pages
          .filter((p) => p.group === group && p.menu && (!p.adminOnly || me?.is_admin) && canAccess(me, p.url, 'view'))
          .map((p) => ({
            key: p.url,
            label: <Link to={p.url}>{t(`pageNames.${p.url}`, { defaultValue: p.name })}</Link>,
          }));
        return children.length ? { key: group, label: t(`menuGroups.${group}`), children } : null;
      })
      .filter((x): x is NonNullable<typeof x> => x !== null);
  }, [me, t]);

  const selected = pages.find((p) => p.url === location.pathname)?.url ?? location.pathname;
  const openGroup = pages.find((p) => p.url === selected)?.group;
  // The open group is kept only while the menu is open: a collapsed inline menu turns open groups into pop-ups,
  // which would open by themselves over the content.
  const [openKeys, setOpenKeys] = useState<string[]>(openGroup ? [openGroup] : []);
  const name = me ? displayName(me.user) : '';

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        breakpoint="xl"
        onBreakpoint={(narrow) => setCollapsed(narrow || isTablet)}
        trigger={null}
        width={240}
        collapsedWidth={0}
        theme="light"
        style={{ borderRight: '1px solid #f0f0f0' }}
      >
        <div style={{ padding: 16, fontWeight: 600, fontSize: 16 }}>
          <Link to="/">{t('app.title')}</Link>
        </div>
        <nav aria-label={t('menu.main')}>
          <Menu
            mode="inline"
            selectedKeys={[selected]}
            openKeys={collapsed ? [] : openKeys}
            onOpenChange={setOpenKeys}
            items={items}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 16px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Button
            type="text"
            aria-label={collapsed ? t('menu.open') : t('menu.close')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed(!collapsed)}
            style={isTablet ? { width: 48, height: 48 } : undefined}
          />
          <Space>
            {me?.franchise_code ? (
              <span style={{ color: token.colorTextSecondary }}>{t('menu.store', { code: me.franchise_code })}</span>
            ) : null}
            <Dropdown
              menu={{
                items: [
                  {
                    key: 'profile',
                    icon: <UserOutlined />,
                    label: t('menu.profile'),
                    onClick: () => {
                      navigate('/myprofile');
                    },
                  },
                  {
                    key: 'logout',
                    icon: <LogoutOutlined />,
                    label: t('menu.logout'),
                    onClick: handle(async () => {
                      // Issue 19: sales made offline and not yet sent stay on the device for the next login; say so.
                      if (!(await confirmUnsent())) return;
                      await logout();
                      // A new login starts at home, not at the page the previous user had open.
                      navigate('/login', { replace: true, state: { from: '/' } });
                    }),
                  },
                ],
              }}
            >
              <Button
                type="text"
                icon={<UserOutlined />}
                data-testid="user-menu"
                style={isTablet ? { height: 48 } : undefined}
              >
                {name} {me?.role ? `(${me.role.name})` : ''}
              </Button>
            </Dropdown>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: isTablet ? 12 : 24 }} className={isTablet ? 'tablet' : undefined}>
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
