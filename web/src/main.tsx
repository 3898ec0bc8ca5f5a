import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LabPage } from './lab/LabPage';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LabPage />
  </StrictMode>,
);
