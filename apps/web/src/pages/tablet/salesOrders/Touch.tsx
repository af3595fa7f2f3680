import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';

/** The smallest target a finger hits (issue 9: ≥ 44 px); the tablet screens use 48. */
export const TOUCH = 48;

/**
 * Finger-sized controls for the tablet screens: every button, field, select, switch, pagination item and row expand
 * icon inside is at least 44 px (TOUCH, TOUCH - 4 for a switch), and the
 * confirmations asked inside (the action bar's "Yes"/"No") too, since they open from this nested App.
 */
export function Touch({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      componentSize="middle"
      theme={{
        token: { controlHeight: TOUCH, controlHeightLG: TOUCH + 8, controlHeightSM: TOUCH, fontSize: 16 },
        components: {
          // controlInteractiveSize sizes the expand icon of rows with details (PostedDocuments): a finger target too.
          Table: { cellPaddingBlock: 14, controlInteractiveSize: TOUCH - 2 },
          Tag: { fontSize: 14 },
          Switch: { trackHeight: TOUCH - 4, trackMinWidth: 2 * TOUCH, handleSize: TOUCH - 8 },
          Pagination: { itemSize: TOUCH, itemSizeSM: TOUCH },
        },
      }}
    >
      <App component={false}>{children}</App>
    </ConfigProvider>
  );
}
