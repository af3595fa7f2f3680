import type { ReactNode } from 'react';

// The layouts of the pages shown before (or without) the signed-in shell: plain elements, so /login and the
// maintenance page load neither antd's Layout nor the shell's Menu and Dropdown (DefaultLayout.tsx, lazy).

export function LoginLayout({ children }: { children: ReactNode }) {
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg,#e6f4ff,#f6ffed)',
      }}
    >
      {children}
    </main>
  );
}

export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      {children}
    </div>
  );
}
