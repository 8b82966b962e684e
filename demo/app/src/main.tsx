import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { registerServiceWorker } from './offline/registerServiceWorker';
import './portal.css';
import './phone.css';

// The library's theme: every stylesheet of src/styles, as `fhir-portal-kit/styles.css` ships them.
import.meta.glob('../../../src/styles/*.css', { eager: true });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// The service worker that opens the portal without network (production builds only, issue 24).
registerServiceWorker();
