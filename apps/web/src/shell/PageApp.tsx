import type { ComponentType } from 'react';
import { App as AntApp } from 'antd';

/** The screen inside antd's App, whose `App.useApp().modal` the screen's confirmations use (see pages/registry.tsx). */
export function withPageApp(Screen: ComponentType): ComponentType {
  return function PageApp() {
    return (
      <AntApp component={false}>
        <Screen />
      </AntApp>
    );
  };
}
