import { Navigate, Route, Routes } from 'react-router';
import { AccountLayout } from './account/AccountLayout';
import { MembershipBillingPage } from './account/MembershipBillingPage';
import { ProfilePage } from './account/ProfilePage';
import { ProviderPage } from './account/ProviderPage';
import { SecurityPage } from './account/SecurityPage';
import { ActionItemPage } from './care-plan/ActionItemPage';
import { ActionItemsPage } from './care-plan/ActionItemsPage';
import { CarePlanLayout } from './care-plan/CarePlanLayout';
import { HealthRecordLayout, healthRecordIndex } from './health-record/HealthRecordLayout';
import { LabResultPage } from './health-record/LabResultPage';
import { LabResultsPage } from './health-record/LabResultsPage';
import { MedicationPage } from './health-record/MedicationPage';
import { MedicationsPage } from './health-record/MedicationsPage';
import { QuestionnaireResponsePage } from './health-record/QuestionnaireResponsePage';
import { QuestionnaireResponsesPage } from './health-record/QuestionnaireResponsesPage';
import { VaccinePage } from './health-record/VaccinePage';
import { VaccinesPage } from './health-record/VaccinesPage';
import { VitalPage } from './health-record/VitalPage';
import { VitalsPage } from './health-record/VitalsPage';
import { DocumentsPage } from './health-record/DocumentsPage';
import { DocumentPage } from './health-record/DocumentPage';
import { GetCarePage } from './pages/GetCarePage';
import { HomePage } from './pages/HomePage';
import { IntakePage } from './pages/IntakePage';
import { ObservationPage } from './pages/ObservationPage';
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
          <Route path="lab-results" element={<LabResultsPage />} />
          <Route path="lab-results/:resultId" element={<LabResultPage />} />
          <Route path="medications" element={<MedicationsPage />} />
          <Route path="medications/:medicationId" element={<MedicationPage />} />
          <Route path="vaccines" element={<VaccinesPage />} />
          <Route path="vaccines/:vaccineId" element={<VaccinePage />} />
          <Route path="vitals" element={<VitalsPage />} />
          <Route path="vitals/:measurementId" element={<VitalPage />} />
          <Route path="documents" element={<DocumentsPage />} />
          <Route path="documents/:documentId" element={<DocumentPage />} />
        </Route>
        <Route path="Observation/:observationId" element={<ObservationPage />} />
        <Route path="care-plan" element={<CarePlanLayout />}>
          <Route index element={<Navigate to="action-items" replace />} />
          <Route path="action-items" element={<ActionItemsPage />} />
          <Route path="action-items/:itemId" element={<ActionItemPage />} />
        </Route>
        <Route path="account" element={<AccountLayout />}>
          <Route index element={<Navigate to="profile" replace />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="provider" element={<ProviderPage />} />
          <Route path="membership-and-billing" element={<MembershipBillingPage />} />
          <Route path="security" element={<SecurityPage />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
