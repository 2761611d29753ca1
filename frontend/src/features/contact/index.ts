export { ContactForm } from './components/contact-form';
