// Renderer entry: pick the transport (Electron bridge or HTTP), set the theme before first paint, render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prefetchFirstScreen } from './app/first-screen';
import { applyTheme } from './app/theme';
import { initApi } from './lib/api';
import './styles/base.css';
import './styles/shell.css';
import './styles/settings.css';
import './styles/chat.css';
import './styles/attachments.css';
import './styles/models.css';
import './styles/mcp-tools.css';
import './styles/memory.css';
import './styles/graph.css';
import './styles/receipts.css';

applyTheme('system');
if (initApi() === 'ok') prefetchFirstScreen();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
