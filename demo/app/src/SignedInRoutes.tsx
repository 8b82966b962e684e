import { Navigate, Route, Routes } from 'react-router';
import { HomePage } from './pages/HomePage';
import { SignOutPage } from './pages/SignOutPage';
import { Shell } from './shell/Shell';

/** portal.md section 2, signed-in routes that exist in this build. */
export function SignedInRoutes() {
  return (
    <Routes>
      <Route path="/signout" element={<SignOutPage />} />
      <Route element={<Shell />}>
        <Route index element={<HomePage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
