/** Texts of the first-account command (`npm run admin:create`). */
export const admin = {
  "admin.usage":
    "Usage : npm run admin:create -- --email boss@company.fr --firstname Anne --lastname Martin [--role ROLE_HEAD_MANAGEMENT|ROLE_FINANCIAL_MANAGEMENT]",
  "admin.error.email_invalid": "E-mail invalide : « {email} ».",
  "admin.error.email_taken": "L'e-mail « {email} » est déjà utilisé par un compte.",
  "admin.error.name_required": "Le prénom et le nom sont obligatoires (120 caractères au plus).",
  "admin.error.role": "Rôle invalide : « {role} ». Choisissez ROLE_HEAD_MANAGEMENT ou ROLE_FINANCIAL_MANAGEMENT.",
  "admin.created": "Compte créé pour {name} ({email}, {role}).",
  "admin.link": "Ouvrez ce lien pour choisir le mot de passe (valable 30 minutes, une seule fois) :",
} as const;
