import { Navigate, Route, Routes } from 'react-router';
import { HealthRecordLayout, healthRecordIndex } from './health-record/HealthRecordLayout';
import { QuestionnaireResponsePage } from './health-record/QuestionnaireResponsePage';
import { QuestionnaireResponsesPage } from './health-record/QuestionnaireResponsesPage';
import { GetCarePage } from './pages/GetCarePage';
import { HomePage } from './pages/HomePage';
import { IntakePage } from './pages/IntakePage';
import { QuestionnairePage } from './pages/QuestionnairePage';
import { ScreeningPage } from './pages/ScreeningPage';
import { SignOutPage } from './pages/SignOutPage';
import { Shell } from './shell/Shell';
import { ChatPage } from './messages/ChatPage';
import { MessagesPage } from './messages/MessagesPage';

/** portal.md section 2, signed-in routes that exist in this build. */
export function SignedInRoutes() {
  return (
    <Routes>
      <Route path="/signout" element={<SignOutPage />} />
      <Route element={<Shell />}>
        <Route index element={<HomePage />} />
        <Route path="get-care" element={<GetCarePage />} />
        <Route path="messages" element={<MessagesPage />} />
        <Route path="messages/:practitionerId" element={<ChatPage />} />
        <Route path="Questionnaire/:questionnaireId" element={<QuestionnairePage />} />
        <Route path="screening-questionnaire" element={<ScreeningPage />} />
        <Route path="patient-intake-questionnaire" element={<IntakePage />} />
        <Route path="health-record" element={<HealthRecordLayout />}>
          <Route index element={<Navigate to={healthRecordIndex} replace />} />
          <Route path="questionnaire-responses" element={<QuestionnaireResponsesPage />} />
          <Route path="questionnaire-responses/:responseId" element={<QuestionnaireResponsePage />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
