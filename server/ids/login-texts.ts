import Negotiator from 'negotiator';
import { chooseLanguage, SUPPORTED_LANGUAGES, type Language } from '../../src/contract/languages.ts';

export type { Language };

export type LoginTexts = {
  loginTitle: string;
  loginIntro: string;
  email: string;
  password: string;
  loginButton: string;
  cancel: string;
  noAccount: string;
  registerLink: string;
  registerTitle: string;
  registerIntro: string;
  displayName: string;
  newPasswordHint: string;
  registerButton: string;
  haveAccount: string;
  loginLink: string;
  wrongCredentials: string;
  tooManyAttempts: string;
  formExpired: string;
  emailTaken: string;
  invalidEmail: string;
  passwordTooShort: string;
  nameRequired: string;
  errorTitle: string;
  errorText: string;
  logoAlt: string;
};

export const loginTexts: Record<Language, LoginTexts> = {
  en: {
    loginTitle: 'Log in',
    loginIntro: 'Log in with your email address and password.',
    email: 'Email address',
    password: 'Password',
    loginButton: 'Log in',
    cancel: 'Cancel',
    noAccount: 'No account yet?',
    registerLink: 'Create an account',
    registerTitle: 'Create an account',
    registerIntro: 'With an account you can accept bike invites.',
    displayName: 'Your name',
    newPasswordHint: 'At least 8 characters.',
    registerButton: 'Create account',
    haveAccount: 'Already have an account?',
    loginLink: 'Log in',
    wrongCredentials: 'The email address or password is incorrect.',
    tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
    formExpired: 'This page has expired. Please try again.',
    emailTaken: 'An account with this email address already exists.',
    invalidEmail: 'Enter a valid email address.',
    passwordTooShort: 'Choose a password of at least 8 characters.',
    nameRequired: 'Enter your name.',
    errorTitle: 'This login link does not work',
    errorText: 'The app that sent you here asked for something we cannot do. Go back to the app and try again.',
    logoAlt: '{brand} logo',
  },
  nl: {
    loginTitle: 'Inloggen',
    loginIntro: 'Log in met je e-mailadres en wachtwoord.',
    email: 'E-mailadres',
    password: 'Wachtwoord',
    loginButton: 'Inloggen',
    cancel: 'Annuleren',
    noAccount: 'Nog geen account?',
    registerLink: 'Maak een account aan',
    registerTitle: 'Account aanmaken',
    registerIntro: 'Met een account kun je uitnodigingen voor een fiets accepteren.',
    displayName: 'Je naam',
    newPasswordHint: 'Minimaal 8 tekens.',
    registerButton: 'Account aanmaken',
    haveAccount: 'Heb je al een account?',
    loginLink: 'Inloggen',
    wrongCredentials: 'Het e-mailadres of wachtwoord klopt niet.',
    tooManyAttempts: 'Te veel pogingen. Wacht een paar minuten en probeer het opnieuw.',
    formExpired: 'Deze pagina is verlopen. Probeer het opnieuw.',
    emailTaken: 'Er bestaat al een account met dit e-mailadres.',
    invalidEmail: 'Vul een geldig e-mailadres in.',
    passwordTooShort: 'Kies een wachtwoord van minimaal 8 tekens.',
    nameRequired: 'Vul je naam in.',
    errorTitle: 'Deze inloglink werkt niet',
    errorText:
      'De app die je hierheen stuurde, vroeg iets wat we niet kunnen doen. Ga terug naar de app en probeer het opnieuw.',
    logoAlt: 'Logo van {brand}',
  },
  de: {
    loginTitle: 'Anmelden',
    loginIntro: 'Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    loginButton: 'Anmelden',
    cancel: 'Abbrechen',
    noAccount: 'Noch kein Konto?',
    registerLink: 'Konto erstellen',
    registerTitle: 'Konto erstellen',
    registerIntro: 'Mit einem Konto können Sie Einladungen für ein Fahrrad annehmen.',
    displayName: 'Ihr Name',
    newPasswordHint: 'Mindestens 8 Zeichen.',
    registerButton: 'Konto erstellen',
    haveAccount: 'Sie haben schon ein Konto?',
    loginLink: 'Anmelden',
    wrongCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
    tooManyAttempts: 'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
    formExpired: 'Diese Seite ist abgelaufen. Bitte versuchen Sie es erneut.',
    emailTaken: 'Mit dieser E-Mail-Adresse gibt es bereits ein Konto.',
    invalidEmail: 'Geben Sie eine gültige E-Mail-Adresse ein.',
    passwordTooShort: 'Wählen Sie ein Passwort mit mindestens 8 Zeichen.',
    nameRequired: 'Geben Sie Ihren Namen ein.',
    errorTitle: 'Dieser Anmeldelink funktioniert nicht',
    errorText:
      'Die App, die Sie hierher geschickt hat, hat etwas angefragt, das wir nicht ausführen können. Kehren Sie zur App zurück und versuchen Sie es erneut.',
    logoAlt: 'Logo von {brand}',
  },
};

/** The login page's language by the app's rule (src/contract/languages.ts): `ui_locales`, Accept-Language, English. */
export function loginLanguage(uiLocales: string | undefined, acceptLanguage: string | undefined): Language {
  const accepted = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages();
  return chooseLanguage([...(uiLocales ?? '').split(' '), ...accepted], SUPPORTED_LANGUAGES);
}
