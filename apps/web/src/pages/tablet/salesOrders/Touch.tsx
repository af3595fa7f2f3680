import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';

/** The smallest target a finger hits (issue 9: ≥ 44 px); the tablet screens use 48. */
export const TOUCH = 48;

/**
 * Finger-sized controls for the tablet screens: every button, field and select inside is TOUCH px high, and the
 * confirmations asked inside (the action bar's "Yes"/"No") too, since they open from this nested App.
 */
export function Touch({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      componentSize="middle"
      theme={{
        token: { controlHeight: TOUCH, controlHeightLG: TOUCH + 8, controlHeightSM: TOUCH, fontSize: 16 },
        components: {
          Table: { cellPaddingBlock: 14 },
          Tag: { fontSize: 14 },
        },
      }}
    >
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}
