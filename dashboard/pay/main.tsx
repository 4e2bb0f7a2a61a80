import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PayPage } from './PayPage.tsx';
import './pay.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PayPage location={window.location} />
  </StrictMode>,
);
