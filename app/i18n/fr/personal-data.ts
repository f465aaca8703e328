/** Personal data (issue 32 §4): "Mes données" on the profile and the anonymisation of an archived employee. */
export const personalData = {
  "personal_data.title": "Mes données",
  "personal_data.hint":
    "Téléchargez toutes les données que Cadran conserve à votre sujet : profil, pointages, congés, semaines d'heures et historique, en fichiers CSV dans une archive ZIP.",
  "personal_data.download": "Télécharger mes données (ZIP)",
  "personal_data.file_name": "mes-donnees-cadran-{date}.zip",
  "personal_data.readme":
    "Vos données personnelles dans Cadran\r\n" +
    "====================================\r\n\r\n" +
    "Archive produite le {date} pour {name}, à votre demande (droit d'accès et à la portabilité, RGPD art. 15 et 20).\r\n\r\n" +
    "Contenu :\r\n" +
    "- profil.csv : votre fiche (identité, coordonnées, contrat, rattachement, compteurs de congés) ;\r\n" +
    "- pointages.csv : chaque pointage (jour, heure locale, type, correction, message) ;\r\n" +
    "- conges.csv : vos demandes de congé et d'absence, leur état et leur commentaire ;\r\n" +
    "- semaines.csv : vos semaines d'heures (contrat, travaillé, heures supplémentaires, récupération) ;\r\n" +
    "- historique.csv : ce qui a été fait à votre sujet (décisions sur vos congés, déductions, corrections de pointage, actions des RH).\r\n\r\n" +
    "Format : CSV séparé par des points-virgules, encodé en UTF-8, décimales avec une virgule, dates au format JJ/MM/AAAA, heures en heures décimales (7,5 = 7 h 30).\r\n" +
    "Un texte qui commence par = + - ou @ est précédé d'une apostrophe pour qu'un tableur ne l'exécute pas comme une formule.\r\n\r\n" +
    "Pour faire rectifier ou effacer une donnée, adressez-vous à votre service des ressources humaines.\r\n",
  "personal_data.profile.field": "Rubrique",
  "personal_data.profile.value": "Valeur",
  "personal_data.profile.matricule": "Matricule",
  "personal_data.profile.lastname": "Nom",
  "personal_data.profile.firstname": "Prénom",
  "personal_data.profile.acronym": "Trigramme",
  "personal_data.profile.birthday": "Date de naissance",
  "personal_data.profile.email": "E-mail professionnel (identifiant)",
  "personal_data.profile.email_personal": "E-mail personnel",
  "personal_data.profile.phone": "Téléphone personnel",
  "personal_data.profile.position": "Poste",
  "personal_data.profile.profile_type": "Profil",
  "personal_data.profile.type_contract": "Type de contrat",
  "personal_data.profile.hours_week": "Heures par semaine",
  "personal_data.profile.hired_at": "Date d'embauche",
  "personal_data.profile.fired_at": "Date de départ",
  "personal_data.profile.annual_salary": "Salaire annuel",
  "personal_data.profile.hourly_cost": "Coût horaire",
  "personal_data.profile.subsidiary": "Filiale",
  "personal_data.profile.division": "Pôle",
  "personal_data.profile.team": "Équipe",
  "personal_data.profile.holiday_balance": "Solde de congés (jours)",
  "personal_data.profile.recovery_balance": "Solde de récupération (heures)",
  "personal_data.profile.comments": "Commentaires RH",
  "personal_data.clocks.header": "Jour;Heure;Type;Proposition de correction;Remplacé le;Message",
  "personal_data.leaves.header": "Début;Fin;Matin seulement;Après-midi seulement;Motif;État;Jours ouvrés;Heures d'absence;Commentaire;Demandé le",
  "personal_data.weeks.header":
    "Année;Semaine;Lundi;Contrat (h);Travaillé (h);Heures supplémentaires (h);Heures complémentaires (h);Récupération acquise (h);Provisoire",
  "personal_data.history.header": "Date;Événement;Par;Détail",
  "personal_data.history.deduction": "Déduction d'heures",
  "personal_data.history.deduction_removed": "Déduction retirée",
  "personal_data.history.clock_corrected": "Pointage corrigé",
  "personal_data.history.leave_step": "Congé {period} : {step}",
  "personal_data.history.audit.anonymise": "Anonymisation",
  "personal_data.yes": "Oui",
  "personal_data.no": "Non",

  "anonymise.title": "Anonymiser {name}",
  "anonymise.link": "Anonymiser…",
  "anonymise.section": "Données personnelles",
  "anonymise.hint":
    "Après la durée de conservation ({months} mois après le départ), les noms, coordonnées et textes libres d'un salarié archivé sont effacés ; ses chiffres restent pour la paie et les rapports sous un nom anonyme.",
  "anonymise.dry_run": "Voici ce que l'anonymisation changerait. Rien n'est modifié tant que vous ne confirmez pas.",
  "anonymise.label_after": "Nom affiché après l'anonymisation : {label}",
  "anonymise.fields": "Champs de la fiche effacés ou remplacés",
  "anonymise.field.firstname": "Prénom",
  "anonymise.field.lastname": "Nom",
  "anonymise.field.matricule": "Matricule",
  "anonymise.field.acronym": "Trigramme",
  "anonymise.field.birthday": "Date de naissance",
  "anonymise.field.phone": "Téléphone personnel",
  "anonymise.field.email": "E-mail professionnel (identifiant)",
  "anonymise.field.email_personal": "E-mail personnel",
  "anonymise.field.comments": "Commentaires RH",
  "anonymise.leave_comments": "Commentaires de congé effacés : {count}",
  "anonymise.clock_messages": "Messages de pointage effacés : {count}",
  "anonymise.payroll_lines": "Lignes de paie clôturées renommées : {count}",
  "anonymise.account": "Compte de connexion fermé (mot de passe, sessions, jetons, avatar, flux de calendrier)",
  "anonymise.kept":
    "Restent, sous le nom anonyme : pointages et durées, congés (dates, motifs, jours), semaines d'heures, déductions, récupération, contrat, salaire et coût horaire, rattachement.",
  "anonymise.confirm": "Anonymiser définitivement",
  "anonymise.cancel": "Annuler",
  "anonymise.done": "{name} a été anonymisé.",
  "anonymise.error.not_archived": "Seul un salarié archivé (avec une date de départ) peut être anonymisé.",
  "anonymise.error.still_employed": "Ce salarié n'est pas encore parti : sa date de départ n'est pas passée.",
  "anonymise.error.already_anonymised": "Ce salarié est déjà anonymisé.",
  "anonymise.error.too_early": "La durée de conservation n'est pas écoulée : anonymisation possible à partir du {date}.",

  // Deputies (issue 32 §2, decision 0102)
  "deputy.error.not_a_manager": "Seuls les responsables (chef d'équipe, chef de pôle, direction) nomment un suppléant.",
  "deputy.error.self": "Vous ne pouvez pas être votre propre suppléant.",
  "deputy.error.deputy_archived": "Cette personne quitte l'entreprise avant la fin de la période : choisissez un autre suppléant.",
  "deputy.error.ends_before_start": "La fin de la période ne peut pas précéder son début.",
  "deputy.error.in_the_past": "Cette période est déjà terminée.",
  "deputy.error.too_long": "Une suppléance dure un an au plus.",
  "deputy.error.overlap": "Un autre suppléant est déjà nommé sur une partie de cette période.",
  "deputy.error.unknown_deputy": "Aucun compte n'a cet identifiant : saisissez l'e-mail professionnel du suppléant.",
  "deputy.error.date": "Date invalide (JJ/MM/AAAA).",
  "deputy.title": "Suppléance",
  "deputy.hint":
    "Pendant votre absence, votre suppléant voit et traite les demandes de congé et les corrections qui vous attendent ; vous gardez vos droits.",
  "deputy.login": "E-mail professionnel du suppléant",
  "deputy.starts_on": "Premier jour",
  "deputy.ends_on": "Dernier jour",
  "deputy.save": "Nommer ce suppléant",
  "deputy.none": "Aucun suppléant nommé.",
  "deputy.period": "{name}, du {from} au {to}",
  "deputy.end": "Mettre fin",
  "deputy.named": "{name} est votre suppléant du {from} au {to}.",
  "deputy.ended": "La suppléance a été arrêtée.",
  "deputy.standing_in": "Vous remplacez {name} jusqu'au {to}.",
} as const;
